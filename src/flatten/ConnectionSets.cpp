// Connection sets (spec 9.2): union-find over connection elements, then one
// group of equations per set. See ConnectionSets.h.
#include "flatten/ConnectionSets.h"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

namespace smc::flatten {

namespace {

uint64_t keyOf(flat::ConnectionElement e) { return (static_cast<uint64_t>(e.var) << 1) | (e.outside ? 1 : 0); }

flat::ExprPtr zeroLike(const flat::Variable& v, SourceRange range) {
  return v.type == flat::BaseType::Integer ? flat::makeInteger(0, range) : flat::makeReal(0.0, range);
}

}  // namespace

uint32_t ConnectionSets::node(flat::ConnectionElement element, SourceRange range, const std::string& origin) {
  auto [it, added] = index_.try_emplace(keyOf(element), static_cast<uint32_t>(nodes_.size()));
  if (added) nodes_.push_back({element, it->second, range, origin, kNotConnected});
  return it->second;
}

uint32_t ConnectionSets::find(uint32_t n) {
  while (nodes_[n].parent != n) {
    nodes_[n].parent = nodes_[nodes_[n].parent].parent;
    n = nodes_[n].parent;
  }
  return n;
}

void ConnectionSets::connect(flat::ConnectionElement a, flat::ConnectionElement b, SourceRange range,
                             const std::string& origin) {
  const uint32_t na = node(a, range, origin), nb = node(b, range, origin);
  for (uint32_t n : {na, nb}) {
    if (nodes_[n].firstMention != kNotConnected) continue;
    // A flow variable declared before it was connected is joined here.
    nodes_[n].joined = range;
    nodes_[n].origin = origin;
    nodes_[n].firstMention = 2 * connects_ + (n == na ? 0 : 1);
  }
  ++connects_;
  uint32_t ra = find(na);
  uint32_t rb = find(nb);
  if (rb < ra) std::swap(ra, rb);
  if (ra != rb) nodes_[rb].parent = ra;
}

void ConnectionSets::addFlowVariable(flat::VarId var, SourceRange declaration, const std::string& origin,
                                     bool outside) {
  node({var, outside}, declaration, origin);
}

void ConnectionSets::generateEquations(flat::FlatModel& model) {
  // Members of each set in the order the connects mention them; the sets
  // in the order of their first connect, then the unconnected flows in
  // declaration order.
  std::unordered_map<uint32_t, std::vector<uint32_t>> members;
  for (uint32_t n = 0; n < nodes_.size(); ++n) members[find(n)].push_back(n);
  auto earlier = [&](uint32_t x, uint32_t y) {
    return std::pair(nodes_[x].firstMention, x) < std::pair(nodes_[y].firstMention, y);
  };
  std::vector<std::pair<uint32_t, std::vector<uint32_t>>> sets(members.begin(), members.end());
  for (auto& [root, nodes] : sets) std::sort(nodes.begin(), nodes.end(), earlier);
  std::sort(sets.begin(), sets.end(), [&](const auto& x, const auto& y) { return earlier(x.second[0], y.second[0]); });
  for (const auto& [root, nodes] : sets) {
    const Node& first = nodes_[nodes[0]];
    const flat::Variable& firstVar = model.variables[first.element.var];
    flat::ConnectionSet set;
    set.flow = firstVar.isFlow;
    set.stream = firstVar.isStream;
    set.firstEquation = model.equations.size();
    for (uint32_t n : nodes) set.elements.push_back(nodes_[n].element);
    auto add = [&](flat::ExprPtr lhs, flat::ExprPtr rhs, SourceRange range, const std::string& origin) {
      model.equations.push_back({std::move(lhs), std::move(rhs), range, origin, nullptr});
    };
    auto var = [&](const Node& n, SourceRange range) { return flat::makeVar(n.element.var, range); };
    if (set.stream) {
      // Stream variables are not equal across a connection (spec 15.2).
    } else if (!set.flow) {
      // a1 = a2 = ... = an, each written at the connect that added ai; a
      // variable in the set both as inside and as outside is equal once.
      std::vector<flat::VarId> equal{first.element.var};
      for (size_t i = 1; i < nodes.size(); ++i) {
        const Node& other = nodes_[nodes[i]];
        if (std::find(equal.begin(), equal.end(), other.element.var) != equal.end()) continue;
        equal.push_back(other.element.var);
        add(var(first, other.joined), var(other, other.joined), other.joined, other.origin);
      }
    } else {
      // The set's first element was joined by its first connect (or, alone,
      // is located at its declaration).
      const SourceRange range = first.joined;
      auto sign = [&](size_t i) { return nodes_[nodes[i]].element.outside ? -1 : 1; };
      if (nodes.size() == 1) {
        add(var(first, range), zeroLike(firstVar, range), range, first.origin);
      } else if (nodes.size() == 2) {
        // z1 + z2 = 0 or z1 - z2 = 0, written as the alias it is.
        flat::ExprPtr second = var(nodes_[nodes[1]], range);
        if (sign(0) == sign(1)) second = flat::makeUnary(flat::Op::Negate, second, range);
        add(var(first, range), second, range, first.origin);
      } else {
        flat::ExprPtr sum = var(first, range);
        if (sign(0) < 0) sum = flat::makeUnary(flat::Op::Negate, sum, range);
        for (size_t i = 1; i < nodes.size(); ++i)
          sum = flat::makeBinary(sign(i) > 0 ? flat::Op::Add : flat::Op::Sub, sum, var(nodes_[nodes[i]], range),
                                 range);
        add(sum, zeroLike(firstVar, range), range, first.origin);
      }
    }
    set.equationCount = model.equations.size() - set.firstEquation;
    model.connectionSets.push_back(std::move(set));
  }
}

std::string dumpConnectionSets(const flat::FlatModel& model) {
  std::string out;
  for (const flat::ConnectionSet& set : model.connectionSets) {
    std::vector<std::string> elements;
    for (const flat::ConnectionElement& e : set.elements)
      elements.push_back(fmt::format("<{}, {}>", model.variables[e.var].name, e.outside ? "outside" : "inside"));
    out += fmt::format("{} set {{{}}}\n", set.flow ? "flow" : set.stream ? "stream" : "potential", fmt::join(elements, ", "));
    for (size_t i = set.firstEquation; i < set.firstEquation + set.equationCount && i < model.equations.size(); ++i) {
      const flat::Equation& eq = model.equations[i];
      out += fmt::format("  {} = {};\n", flat::toString(*eq.lhs, model), flat::toString(*eq.rhs, model));
    }
  }
  return out;
}

}  // namespace smc::flatten
