// Operator records (spec 14): `operator record Complex` defines what `+`,
// `*`, `==`, ... and its own constructor mean for its values through
// functions named `'+'`, `'*'`, `'constructor'`, either directly (`operator
// function '+'`) or as the functions of an `operator '*'`. An expression
// with a record operand calls the one function that accepts the operands
// positionally (its further inputs need defaults); when none does, an
// operand that is not a record of the class is first converted by the one
// 'constructor' function that accepts it alone (spec 14.5: `2*c` converts 2
// with Complex.'constructor'.fromReal). Records are flattened to their
// fields, so a call's record output is one FunctionCall per field.
#include "flatten/Flattener.h"

#include <fmt/format.h>

namespace smc::flatten {

namespace {

std::string operatorName(ast::Op op) {
  switch (op) {
    case ast::Op::Negate: return "'-'";
    case ast::Op::Plus: return "'+'";
    case ast::Op::Not: return "'not'";
    case ast::Op::Add: return "'+'";
    case ast::Op::Sub: return "'-'";
    case ast::Op::Mul: return "'*'";
    case ast::Op::Div: return "'/'";
    case ast::Op::Pow: return "'^'";
    case ast::Op::ElemAdd: return "'.+'";
    case ast::Op::ElemSub: return "'.-'";
    case ast::Op::ElemMul: return "'.*'";
    case ast::Op::ElemDiv: return "'./'";
    case ast::Op::ElemPow: return "'.^'";
    case ast::Op::Less: return "'<'";
    case ast::Op::LessEq: return "'<='";
    case ast::Op::Greater: return "'>'";
    case ast::Op::GreaterEq: return "'>='";
    case ast::Op::Equal: return "'=='";
    case ast::Op::NotEqual: return "'<>'";
    case ast::Op::And: return "'and'";
    case ast::Op::Or: return "'or'";
  }
  return "?";
}

bool isFunctionClass(const ClassNode* node) {
  return node && node->def &&
         (node->def->kind == ast::ClassKind::Function || node->def->kind == ast::ClassKind::OperatorFunction);
}

}  // namespace

std::vector<ClassNode*> Flattener::operatorFunctions(ClassNode* cls, const std::string& op) {
  std::vector<ClassNode*> out;
  if (!cls || !cls->def || cls->def->kind != ast::ClassKind::OperatorRecord) return out;
  ClassNode* node = tree_.find({op}, false, cls);
  if (!node || !node->def) return out;
  if (isFunctionClass(node)) {
    out.push_back(node);
  } else if (node->def->kind == ast::ClassKind::Operator) {
    for (const auto& child : node->children)
      if (isFunctionClass(child.get())) out.push_back(child.get());
  }
  return out;
}

bool Flattener::acceptsOperands(ClassNode* fn, const std::vector<Operand>& operands, const Scope& scope) {
  ClassNode* defining = definingFunction(fn);
  const FunctionInterface* interface = defining ? functionInterface(defining) : nullptr;
  if (!interface || interface->unsupported || interface->outputs.empty() ||
      operands.size() > interface->inputs.size())
    return false;
  for (size_t i = 0; i < interface->inputs.size(); ++i) {
    const FormalSlot& slot = interface->inputs[i];
    if (i >= operands.size()) {
      // An input the operands do not give needs a default.
      bool hasDefault = slot.record >= 0 && interface->records[static_cast<size_t>(slot.record)].binding;
      for (size_t v = slot.first; v < slot.first + slot.count && !hasDefault; ++v)
        if (!interface->variables[v].binding) return false;
      continue;
    }
    const Operand& operand = operands[i];
    if (slot.record >= 0) {
      // An array of records is given to an input that is one, of as many
      // dimensions (vectorizing an operator is not supported).
      const RecordFormal& record = interface->records[static_cast<size_t>(slot.record)];
      if (recordArrayDims(operand.leaves).size() != record.rank || !fitsRecordClass(operand, record.cls))
        return false;
      continue;
    }
    if (operand.isRecord) return false;
    const FormalVariable& formal = interface->variables[slot.first];
    if (formal.isArray == operand.value.isScalar()) return false;
    for (const auto& e : operand.value.elements)
      if (!flat::isAssignable(formal.type, typeOf(*e, scope))) return false;
  }
  return true;
}

Operand Flattener::callResult(const flat::ExprPtr& call, const FunctionInterface& interface) {
  Operand out;
  const FormalSlot& slot = interface.outputs[0];
  if (slot.record < 0) {
    out.value = functionOutput(call, slot.first - interface.numInputs);
    return out;
  }
  const RecordFormal& record = interface.records[static_cast<size_t>(slot.record)];
  out.isRecord = true;
  out.cls = record.cls;
  std::vector<std::pair<std::string, Value>> fields;
  for (size_t v = slot.first; v < slot.first + slot.count; ++v)
    fields.emplace_back(interface.variables[v].name.substr(record.name.size() + 1),
                        functionOutput(call, v - interface.numInputs));
  appendFieldLeaves(out.leaves, fields, record.rank);
  return out;
}

std::optional<Operand> Flattener::callWithOperands(ClassNode* fn, const std::vector<Operand>& operands,
                                                   SourceRange range, const Scope& scope) {
  ClassNode* defining = definingFunction(fn);
  const FunctionInterface* interface = defining ? functionInterface(defining) : nullptr;
  if (!interface) return std::nullopt;
  CallArguments arguments;
  arguments.interface = interface;
  arguments.name = defining->path();
  arguments.given.resize(interface->numInputs);
  arguments.ranges.resize(interface->numInputs, range);
  for (size_t i = 0; i < operands.size(); ++i) {
    const FormalSlot& slot = interface->inputs[i];
    if (slot.record < 0) {
      arguments.given[slot.first] = operands[i].value;
      continue;
    }
    const RecordFormal& record = interface->records[static_cast<size_t>(slot.record)];
    for (size_t v = slot.first; v < slot.first + slot.count; ++v) {
      const FormalVariable& formal = interface->variables[v];
      const std::string field = formal.name.substr(record.name.size() + 1);
      arguments.given[v] = record.rank > 0 ? recordArrayFieldValue(operands[i].leaves, field, formal.hasOwnDims)
                                           : fieldValue(operands[i].leaves, field, formal.isArray);
    }
  }
  flat::ExprPtr call = buildFunctionCall(arguments, range, scope);
  if (!call) return std::nullopt;
  return callResult(call, *interface);
}

namespace {

std::string operandText(const Operand& operand, Flattener& self, const Scope& scope) {
  if (operand.isRecord) {
    bool array = !operand.leaves.empty() && operand.leaves[0].first.front() == '[';
    return (operand.cls ? operand.cls->path() : std::string("record")) + (array ? "[...]" : "");
  }
  std::string type = operand.value.elements.empty()
                         ? "Real"
                         : flat::toString(self.typeOf(*operand.value.elements[0], scope));
  if (operand.value.isScalar()) return type;
  return fmt::format("{}[{}]", type, fmt::join(operand.value.dims, ", "));
}

}  // namespace

std::optional<Operand> Flattener::applyOperator(const ast::Expr& expr, const Scope& scope) {
  if (expr.kind == ast::ExprKind::Unary && expr.op == ast::Op::Plus) return lowerOperand(*expr.args[0], scope);
  std::vector<Operand> operands;
  for (const auto& arg : expr.args) {
    auto operand = lowerOperand(*arg, scope);
    if (!operand) return std::nullopt;
    operands.push_back(std::move(*operand));
  }
  std::vector<ClassNode*> classes;
  for (const Operand& operand : operands)
    if (operand.isRecord && operand.cls &&
        std::find(classes.begin(), classes.end(), operand.cls) == classes.end())
      classes.push_back(operand.cls);
  if (classes.empty()) {
    // The record was inside an operand whose value is not one (`abs(c) > 1`).
    if (expr.kind == ast::ExprKind::Binary) {
      auto value = lowerBinary(expr, scope);
      if (!value) return std::nullopt;
      Operand out;
      out.value = std::move(*value);
      return out;
    }
    auto value = lower(*expr.args[0], scope);
    if (!value) return std::nullopt;
    flat::Op op = expr.op == ast::Op::Not ? flat::Op::Not : flat::Op::Negate;
    for (auto& e : value->elements) e = flat::makeUnary(op, e, expr.range);
    Operand out;
    out.value = std::move(*value);
    return out;
  }
  return overloadedOperator(expr.op, expr.range, std::move(operands), classes, scope);
}

std::optional<Operand> Flattener::overloadedOperator(ast::Op operation, SourceRange range, std::vector<Operand> operands,
                                                     const std::vector<ClassNode*>& classes, const Scope& scope) {
  const std::string op = operatorName(operation);
  std::vector<ClassNode*> candidates;
  for (ClassNode* cls : classes)
    for (ClassNode* fn : operatorFunctions(cls, op))
      if (std::find(candidates.begin(), candidates.end(), fn) == candidates.end()) candidates.push_back(fn);
  auto matching = [&](const std::vector<Operand>& given) {
    std::vector<ClassNode*> out;
    for (ClassNode* fn : candidates)
      if (acceptsOperands(fn, given, scope)) out.push_back(fn);
    return out;
  };
  std::vector<ClassNode*> matches = matching(operands);
  if (matches.empty()) {
    // Convert the operands that are not records of the class by its constructor.
    std::vector<ClassNode*> constructors = operatorFunctions(classes[0], "'constructor'");
    std::vector<Operand> converted = operands;
    bool any = false;
    for (Operand& operand : converted) {
      if (operand.isRecord && operand.cls == classes[0]) continue;
      std::vector<ClassNode*> accepting;
      for (ClassNode* fn : constructors)
        if (acceptsOperands(fn, {operand}, scope)) accepting.push_back(fn);
      if (accepting.size() != 1) continue;
      auto record = callWithOperands(accepting[0], {operand}, range, scope);
      if (!record) return std::nullopt;
      operand = std::move(*record);
      any = true;
    }
    if (any) {
      matches = matching(converted);
      if (matches.size() == 1) operands = std::move(converted);
    }
  }
  if (matches.empty() && elementwiseApplies(operation, operands))
    return elementwiseOperator(operation, range, operands, classes, scope);
  if (matches.size() != 1) {
    std::vector<std::string> types;
    for (const Operand& operand : operands) types.push_back(operandText(operand, *this, scope));
    if (classes[0]->def->kind != ast::ClassKind::OperatorRecord)
      diags_.errorf(range, "'{}' is a record, not an operator record, so operator {} is not defined for it "
                                "(spec 14)",
                    classes[0]->path(), op);
    else if (candidates.empty())
      diags_.errorf(range, "operator record '{}' defines no operator {}", classes[0]->path(), op);
    else if (matches.empty())
      diags_.errorf(range, "no function of operator {} of '{}' takes operands of type {}", op,
                    classes[0]->path(), fmt::join(types, " and "));
    else
      diags_.errorf(range, "operator {} of '{}' is ambiguous for operands of type {}: '{}' and '{}' both "
                                "take them (spec 14.5)",
                    op, classes[0]->path(), fmt::join(types, " and "), matches[0]->path(), matches[1]->path());
    return std::nullopt;
  }
  return callWithOperands(matches[0], operands, range, scope);
}

namespace {

// The dimensions of an operand: of its array of records, or of its value.
std::vector<long long> operandDims(const Operand& operand) {
  return operand.isRecord ? recordArrayDims(operand.leaves) : operand.value.dims;
}

// Element k of an array operand; a scalar operand is its own every element.
Operand operandElement(const Operand& operand, size_t k) {
  if (operandDims(operand).empty()) return operand;
  Operand out;
  out.isRecord = operand.isRecord;
  out.cls = operand.cls;
  if (!operand.isRecord) {
    out.value = Value::scalar(operand.value.elements[k]);
    return out;
  }
  const std::string prefix = subscriptText(recordArrayDims(operand.leaves), static_cast<long long>(k)) + ".";
  for (const auto& [leaf, e] : operand.leaves)
    if (leaf.compare(0, prefix.size(), prefix) == 0) out.leaves.emplace_back(leaf.substr(prefix.size()), e);
  return out;
}

}  // namespace

// Spec 14.4: with no function for the arrays themselves, `a op b` of arrays
// of the same size applies op element by element, as do `-a`, `s*a`, `a*s`
// and `a/s` with a scalar s, and the element-wise operators (`.+`...).
bool Flattener::elementwiseApplies(ast::Op operation, const std::vector<Operand>& operands) {
  bool anyArray = false;
  for (const Operand& operand : operands) anyArray = anyArray || !operandDims(operand).empty();
  if (!anyArray) return false;
  if (operands.size() == 1) return operation == ast::Op::Negate;
  const std::vector<long long> a = operandDims(operands[0]), b = operandDims(operands[1]);
  switch (operation) {
    case ast::Op::Add:
    case ast::Op::Sub: return a == b;
    case ast::Op::Mul: return a.empty() || b.empty();
    case ast::Op::Div: return b.empty();
    case ast::Op::ElemAdd:
    case ast::Op::ElemSub:
    case ast::Op::ElemMul:
    case ast::Op::ElemDiv:
    case ast::Op::ElemPow: return a == b || a.empty() || b.empty();
    default: return false;
  }
}

std::optional<Operand> Flattener::elementwiseOperator(ast::Op operation, SourceRange range,
                                                      const std::vector<Operand>& operands,
                                                      const std::vector<ClassNode*>& classes, const Scope& scope) {
  std::vector<long long> dims;
  for (const Operand& operand : operands)
    if (dims.empty()) dims = operandDims(operand);
  long long count = 1;
  for (long long d : dims) count *= d;
  // `.+` of two elements is their `+`.
  ast::Op scalar = operation;
  switch (operation) {
    case ast::Op::ElemAdd: scalar = ast::Op::Add; break;
    case ast::Op::ElemSub: scalar = ast::Op::Sub; break;
    case ast::Op::ElemMul: scalar = ast::Op::Mul; break;
    case ast::Op::ElemDiv: scalar = ast::Op::Div; break;
    case ast::Op::ElemPow: scalar = ast::Op::Pow; break;
    default: break;
  }
  Operand out;
  for (long long k = 0; k < count; ++k) {
    std::vector<Operand> elements;
    for (const Operand& operand : operands) elements.push_back(operandElement(operand, static_cast<size_t>(k)));
    auto result = overloadedOperator(scalar, range, std::move(elements), classes, scope);
    if (!result) return std::nullopt;
    if (!result->isRecord) {
      if (!result->value.isScalar()) {
        diags_.unsupported(range, "an element-wise operator whose elements give arrays");
        return std::nullopt;
      }
      out.value.dims = dims;
      out.value.elements.push_back(result->value.elements[0]);
      continue;
    }
    out.isRecord = true;
    out.cls = result->cls;
    const std::string prefix = subscriptText(dims, k) + ".";
    for (auto& [leaf, e] : result->leaves) out.leaves.emplace_back(prefix + leaf, std::move(e));
  }
  return out;
}

std::optional<Operand> Flattener::overloadedConstructor(const ast::Expr& call, ClassNode* cls, const Scope& scope) {
  if (!call.named.empty() || !call.iterators.empty()) {
    // Named arguments name inputs, which differ between the constructors:
    // only the one constructor that has them all can take them.
    std::vector<ClassNode*> accepting;
    for (ClassNode* fn : operatorFunctions(cls, "'constructor'")) {
      ClassNode* defining = definingFunction(fn);
      const FunctionInterface* interface = defining ? functionInterface(defining) : nullptr;
      if (!interface || call.args.size() > interface->inputs.size()) continue;
      bool all = true;
      for (const ast::NamedArg& arg : call.named) {
        bool found = false;
        for (const FormalSlot& slot : interface->inputs)
          found = found || (slot.record >= 0 ? interface->records[static_cast<size_t>(slot.record)].name
                                             : interface->variables[slot.first].name) == arg.name;
        all = all && found;
      }
      if (all) accepting.push_back(fn);
    }
    if (accepting.size() != 1) {
      diags_.errorf(call.range, "{} constructor of operator record '{}' takes these named arguments",
                    accepting.empty() ? "no" : "more than one", cls->path());
      return std::nullopt;
    }
    return recordFunctionCall(call, accepting[0], scope);
  }
  std::vector<Operand> operands;
  for (const auto& arg : call.args) {
    auto operand = lowerOperand(*arg, scope);
    if (!operand) return std::nullopt;
    operands.push_back(std::move(*operand));
  }
  std::vector<ClassNode*> accepting;
  for (ClassNode* fn : operatorFunctions(cls, "'constructor'"))
    if (acceptsOperands(fn, operands, scope)) accepting.push_back(fn);
  if (accepting.size() != 1) {
    std::vector<std::string> types;
    for (const Operand& operand : operands) types.push_back(operandText(operand, *this, scope));
    diags_.errorf(call.range, "{} constructor of operator record '{}' takes arguments of type ({}) (spec 14.3)",
                  accepting.empty() ? "no" : "more than one", cls->path(), fmt::join(types, ", "));
    return std::nullopt;
  }
  auto result = callWithOperands(accepting[0], operands, call.range, scope);
  if (result && !result->isRecord) {
    diags_.errorf(call.range, "constructor '{}' of operator record '{}' does not return a record",
                  accepting[0]->path(), cls->path());
    return std::nullopt;
  }
  return result;
}

}  // namespace smc::flatten
