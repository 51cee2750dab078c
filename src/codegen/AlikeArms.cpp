// Grouping alike arms (see AlikeArms.h). Each constant's arms are written
// out as a signature: the pre-order of their nodes, each with its payload,
// except that a literal gives only its kind. Constants of one signature are
// alike, and their literals line up in that same pre-order.
#include "codegen/AlikeArms.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <map>

namespace smc::codegen {
namespace {

using Signature = std::vector<int64_t>;

bool fitsInteger(const flat::Expr& e) {
  return e.integer >= std::numeric_limits<int32_t>::min() && e.integer <= std::numeric_limits<int32_t>::max();
}

// A literal whose value may differ between alike arms (an Integer beyond
// 32 bits is an error where it is emitted, so it keeps its value).
bool isVaryingKind(const flat::Expr& e) {
  return e.kind == flat::ExprKind::Real || e.kind == flat::ExprKind::Boolean ||
         (e.kind == flat::ExprKind::Integer && fitsInteger(e));
}

// Appends the signature of `e`; false when `e` holds a node that may fail
// or that alike arms do not share.
bool sign(const flat::Expr& e, Signature& out) {
  out.push_back(static_cast<int64_t>(e.kind));
  out.push_back(static_cast<int64_t>(e.args.size()));
  switch (e.kind) {
    case flat::ExprKind::Integer:
      if (!fitsInteger(e)) out.push_back(e.integer);
      break;
    case flat::ExprKind::Real:
    case flat::ExprKind::Boolean:
    case flat::ExprKind::Time:
    case flat::ExprKind::Initial:
    case flat::ExprKind::Terminal:
    case flat::ExprKind::Pre:
    case flat::ExprKind::If: break;
    case flat::ExprKind::Var: out.push_back(static_cast<int64_t>(e.var)); break;
    case flat::ExprKind::Unary:
    case flat::ExprKind::Binary:
      if (e.op == flat::Op::Div || e.op == flat::Op::Pow) return false;
      out.push_back(static_cast<int64_t>(e.op));
      break;
    default: return false;
  }
  for (const flat::ExprPtr& arg : e.args)
    if (!arg || !sign(*arg, out)) return false;
  return true;
}

void collectLiterals(const flat::Expr& e, std::vector<const flat::Expr*>& out) {
  if (isVaryingKind(e)) out.push_back(&e);
  for (const flat::ExprPtr& arg : e.args) collectLiterals(*arg, out);
}

// The signature of one constant's arms; nullopt when they cannot be grouped.
std::optional<Signature> signatureOf(const CompareChain& chain, const std::vector<size_t>& arms) {
  Signature signature;
  for (size_t index : arms) {
    const ChainArm& arm = chain.arms[index];
    signature.push_back(-1);  // an arm starts
    signature.push_back(arm.rest ? 1 : 0);
    if (arm.rest && !sign(*arm.rest, signature)) return std::nullopt;
    if (!sign(*arm.value, signature)) return std::nullopt;
  }
  return signature;
}

std::vector<const flat::Expr*> literalsOf(const CompareChain& chain, const std::vector<size_t>& arms) {
  std::vector<const flat::Expr*> literals;
  for (size_t index : arms) {
    if (chain.arms[index].rest) collectLiterals(*chain.arms[index].rest, literals);
    collectLiterals(*chain.arms[index].value, literals);
  }
  return literals;
}

// Bit for bit, so that 0.0 and -0.0 stay apart.
bool sameValue(const flat::Expr& a, const flat::Expr& b) {
  switch (a.kind) {
    case flat::ExprKind::Real: return std::bit_cast<uint64_t>(a.real) == std::bit_cast<uint64_t>(b.real);
    case flat::ExprKind::Boolean: return a.boolean == b.boolean;
    default: return a.integer == b.integer;
  }
}

AlikeGroup groupOf(const CompareChain& chain, std::vector<int32_t> constants) {
  AlikeGroup group;
  group.arms = &chain.armsOf.at(constants.front());
  std::vector<std::vector<const flat::Expr*>> literals;  // per member
  for (int32_t constant : constants) literals.push_back(literalsOf(chain, chain.armsOf.at(constant)));
  for (size_t at = 0; at < literals.front().size(); ++at) {
    const bool varies = std::any_of(literals.begin(), literals.end(), [&](const auto& member) {
      return !sameValue(*member[at], *literals.front()[at]);
    });
    if (!varies) continue;
    group.varying.push_back(literals.front()[at]);
    std::vector<const flat::Expr*>& values = group.values.emplace_back();
    for (const auto& member : literals) values.push_back(member[at]);
  }
  group.constants = std::move(constants);
  return group;
}

}  // namespace

std::vector<AlikeGroup> alikeGroups(const CompareChain& chain, size_t maxGroups) {
  std::map<Signature, std::vector<int32_t>> bySignature;
  for (const auto& [constant, arms] : chain.armsOf)
    if (std::optional<Signature> signature = signatureOf(chain, arms)) bySignature[*signature].push_back(constant);
  std::vector<std::vector<int32_t>> members;
  for (auto& [signature, constants] : bySignature)
    if (constants.size() >= kMinAlikeMembers) members.push_back(std::move(constants));
  std::sort(members.begin(), members.end(), [](const auto& a, const auto& b) {
    return a.size() != b.size() ? a.size() > b.size() : a.front() < b.front();
  });
  if (members.size() > maxGroups) members.resize(maxGroups);
  std::vector<AlikeGroup> groups;
  for (std::vector<int32_t>& constants : members) groups.push_back(groupOf(chain, std::move(constants)));
  return groups;
}

}  // namespace smc::codegen
