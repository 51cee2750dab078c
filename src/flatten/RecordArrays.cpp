// Arrays of records (spec 10.1, 12.6). A function holds an array of records
// as one array per field whose leading dimensions are the records' (the
// fields of `input Complex v[:]` are v.re[:] and v.im[:]), so `v[k].re`
// is the element v.re[k] and the function's body, its sizes and its code
// see only arrays of scalars. Everywhere else an array of records is its
// leaves, "[k].re", as a model's array of record components is. This file
// converts between the two forms and resolves references into such arrays
// inside a function.
#include "flatten/Flattener.h"

#include <fmt/format.h>

#include <algorithm>

namespace smc::flatten {

namespace {

long long elementCount(const std::vector<long long>& dims) {
  long long n = 1;
  for (long long d : dims) n *= d;
  return n;
}

// "[2,1].re" -> "[2,1]"; "" when the leaf is not an element of an array.
std::string recordPrefix(const std::string& leaf) {
  if (leaf.empty() || leaf.front() != '[') return "";
  size_t close = leaf.find(']');
  return close == std::string::npos ? "" : leaf.substr(0, close + 1);
}

// "[2,1]" -> {2, 1}.
std::vector<long long> subscriptsOf(const std::string& prefix) {
  std::vector<long long> out;
  size_t at = 1;
  while (at < prefix.size()) {
    size_t end = prefix.find_first_of(",]", at);
    if (end == std::string::npos) break;
    out.push_back(std::atoll(prefix.substr(at, end - at).c_str()));
    at = end + 1;
  }
  return out;
}

}  // namespace

bool isRecordArray(const Leaves& leaves) { return !leaves.empty() && !recordPrefix(leaves.front().first).empty(); }

std::vector<long long> recordArrayDims(const Leaves& leaves) {
  // Row-major order: the last element's subscripts are the sizes.
  if (!isRecordArray(leaves)) return {};
  return subscriptsOf(recordPrefix(leaves.back().first));
}

Value recordArrayFieldValue(const Leaves& leaves, const std::string& field, bool fieldIsArray) {
  Value out;
  out.dims = recordArrayDims(leaves);
  std::vector<long long> fieldDims;
  size_t begin = 0;
  while (begin < leaves.size()) {
    const std::string prefix = recordPrefix(leaves[begin].first);
    size_t end = begin;
    Leaves element;
    for (; end < leaves.size() && recordPrefix(leaves[end].first) == prefix; ++end)
      element.emplace_back(leaves[end].first.substr(prefix.size() + 1), leaves[end].second);
    Value value = fieldValue(element, field, fieldIsArray);
    fieldDims = value.dims;
    out.elements.insert(out.elements.end(), value.elements.begin(), value.elements.end());
    begin = end;
  }
  out.dims.insert(out.dims.end(), fieldDims.begin(), fieldDims.end());
  if (elementCount(out.dims) != static_cast<long long>(out.elements.size())) out.elements.clear();
  return out;
}

std::string fieldLeafName(const std::string& field, const std::vector<long long>& dims, size_t recordRank,
                          long long k) {
  const auto split = dims.begin() + static_cast<long>(std::min(recordRank, dims.size()));
  const std::vector<long long> recordDims(dims.begin(), split);
  const std::vector<long long> fieldDims(split, dims.end());
  const long long perRecord = elementCount(fieldDims);
  if (perRecord == 0) return field;
  std::string leaf = recordRank ? subscriptText(recordDims, k / perRecord) + "." : "";
  return leaf + field + subscriptText(fieldDims, k % perRecord);
}

void appendFieldLeaves(Leaves& out, const std::vector<std::pair<std::string, Value>>& fields, size_t recordRank) {
  if (fields.empty()) return;
  const std::vector<long long>& dims = fields.front().second.dims;
  const long long records =
      recordRank ? elementCount(std::vector<long long>(dims.begin(), dims.begin() + static_cast<long>(recordRank)))
                 : 1;
  // Record by record, each record's fields in declaration order, as the
  // elements of a model's array of records are.
  for (long long r = 0; r < records; ++r)
    for (const auto& [field, value] : fields) {
      const size_t perRecord = records ? value.elements.size() / static_cast<size_t>(records) : 0;
      for (size_t k = static_cast<size_t>(r) * perRecord; k < static_cast<size_t>(r + 1) * perRecord; ++k)
        out.emplace_back(fieldLeafName(field, value.dims, recordRank, static_cast<long long>(k)), value.elements[k]);
    }
}

std::string functionRecordName(const ast::ComponentRef& ref) {
  std::string out;
  for (size_t i = 0; i < ref.parts.size(); ++i) out += (i ? "." : "") + ref.parts[i].name;
  return out;
}

std::optional<FieldSelection> Flattener::selectRecordField(const std::string& field, const ast::ComponentRef& ref,
                                                           size_t last, const Scope& scope) {
  FunctionBuild& build = *scope.function;
  const ast::RefPart& recordPart = ref.parts[0];
  const std::vector<long long>& recordDims = build.recordDims.at(recordPart.name);
  for (size_t i = 1; i < last; ++i)
    if (!ref.parts[i].subscripts.empty()) {
      diags_.errorf(ref.parts[i].range, "'{}' is a record, not an array", ref.parts[i].name);
      return std::nullopt;
    }
  Value value = scope.locals->at(field);
  if (value.dims.size() < recordDims.size()) {
    // A field bound to a value the sizes read (`v[1].n` sizing an output).
    diags_.unsupported(ref.range, fmt::format("'{}' of an array of records read where a size is needed", field));
    return std::nullopt;
  }
  for (auto& e : value.elements)
    if (e->kind == flat::ExprKind::Var) e = flat::makeVar(e->var, ref.range);
  const std::vector<long long> fieldDims(value.dims.begin() + static_cast<long>(recordDims.size()), value.dims.end());
  auto picks = lowerSubscripts(recordDims, recordPart, scope);
  if (!picks) return std::nullopt;
  FieldSelection out;
  for (const SubscriptPick& pick : *picks)
    if (pick.kept && !pick.variable) ++out.recordRank;
  if (last < ref.parts.size()) {
    auto fieldPicks = lowerSubscripts(fieldDims, ref.parts[last], scope);
    if (!fieldPicks) return std::nullopt;
    picks->insert(picks->end(), fieldPicks->begin(), fieldPicks->end());
  } else {
    for (long long n : fieldDims) {
      SubscriptPick all;
      for (long long i = 0; i < n; ++i) all.indices.push_back(i);
      all.kept = true;
      picks->push_back(std::move(all));
    }
  }
  if (!hasVariablePick(*picks)) {
    out.value = selectPicked(value, *picks);
  } else {
    auto declared = functionArray(build, field);
    if (!declared) {
      diags_.errorf(ref.range, "'{}' cannot be indexed when the function runs", field);
      return std::nullopt;
    }
    out.value = selectElements(*declared, *picks, ref.range);
  }
  return out;
}

bool Flattener::slicesComponentArrays(const ast::ComponentRef& ref, const Scope& scope) {
  // The last part too: `statesFM[1:n]`, a slice of an array of records.
  Component* c = component(*scope.instance, ref.parts[0].name);
  for (size_t i = 0; c && i < ref.parts.size(); ++i) {
    if (c->inner) c = c->inner;
    ensureInstantiated(*c);
    if (c->leaf != LeafType::None || !c->cls || c->elements.empty()) return false;
    const ast::RefPart& part = ref.parts[i];
    const bool last = i + 1 == ref.parts.size();
    // A whole array named last is no slice (recordArrayOperand takes it).
    if (part.subscripts.size() < c->dims.size() && !(last && part.subscripts.empty())) return true;
    for (const auto& sub : part.subscripts)
      if (sub->kind == ast::ExprKind::Colon || sub->kind == ast::ExprKind::Range ||
          sub->kind == ast::ExprKind::Array || sub->kind == ast::ExprKind::Matrix)
        return true;
    if (!last) c = component(*c->elements[0], ref.parts[i + 1].name);
  }
  return false;
}

std::optional<Operand> Flattener::recordsThroughSlices(const ast::ComponentRef& ref, ClassNode* cls,
                                                       const Scope& scope) {
  // Part by part, the instances named so far (the elements of every array
  // a part slices, row-major) and the dimensions of those slices.
  Component* first = component(*scope.instance, ref.parts[0].name);
  if (!first) return std::nullopt;
  std::vector<Instance*> named;
  std::vector<long long> dims;
  auto indexAt = [](size_t k) { return flat::makeInteger(static_cast<long long>(k)); };
  for (size_t i = 0; i < ref.parts.size(); ++i) {
    const ast::RefPart& part = ref.parts[i];
    std::vector<Component*> components;
    if (i == 0) {
      components.push_back(first->inner ? first->inner : first);
    } else {
      for (Instance* inst : named) {
        Component* child = component(*inst, part.name);
        if (!child) {
          diags_.errorf(part.range, "'{}' has no component '{}'", ref.parts[i - 1].name, part.name);
          return std::nullopt;
        }
        components.push_back(child->inner ? child->inner : child);
      }
    }
    std::vector<Instance*> next;
    for (size_t n = 0; n < components.size(); ++n) {
      Component* c = components[n];
      ensureInstantiated(*c);
      if (c->disabled || c->absent || !c->cls || c->leaf != LeafType::None) {
        diags_.errorf(part.range, "'{}' must be a record of class '{}'", refText(ref), cls->path());
        return std::nullopt;
      }
      auto picks = lowerSubscripts(c->dims, part, scope);
      if (!picks) return std::nullopt;
      if (hasVariablePick(*picks)) {
        diags_.unsupported(part.range, "slices of arrays of records with a subscript that varies");
        return std::nullopt;
      }
      Value indices = selectPicked(c->dims, *picks, indexAt);
      if (n == 0) dims.insert(dims.end(), indices.dims.begin(), indices.dims.end());
      for (const flat::ExprPtr& index : indices.elements) {
        Instance* element = elementOf(*c, index->integer, part);
        if (!element) return std::nullopt;
        next.push_back(element);
      }
    }
    named = std::move(next);
  }
  Operand out;
  out.isRecord = true;
  out.cls = cls;
  for (size_t k = 0; k < named.size(); ++k) {
    std::vector<std::pair<std::string, flat::VarId>> leaves;
    collectLeaves(*named[k], "", leaves);
    const std::string prefix = dims.empty() ? "" : subscriptText(dims, static_cast<long long>(k)) + ".";
    for (const auto& [leaf, id] : leaves)
      if (dims.empty() || model_.variables[id].variability != flat::Variability::Constant)
        out.leaves.emplace_back(prefix + leaf, flat::makeVar(id, ref.range));
  }
  return out;
}

}  // namespace smc::flatten
