// Calls of user functions (spec 12.4.1): positional arguments fill the
// inputs in declaration order, named arguments fill the input of that name,
// and every input left over takes its default. The arguments fix the call
// shape (the sizes of array inputs, and the values of the inputs that
// sizes read), which selects the flat function built for it
// (Functions.cpp). A default is written in terms of the function's other
// inputs, so it is instantiated at the call by replacing those inputs with
// the call's values (themselves possibly defaults). The result is a
// FunctionCall with one argument per scalar input; used in an expression,
// its value is the first declared output, a FunctionCall per element. A
// scalar input given an array makes the call vectorized (spec 12.4.6): one
// call per element.
#include "flatten/Flattener.h"
#include "frontend/ResourceLimits.h"

#include <fmt/format.h>

#include <functional>

namespace smc::flatten {

namespace {

// `e` with every Var replaced by `replace(var)`.
flat::ExprPtr substitute(const flat::ExprPtr& e, const std::function<flat::ExprPtr(flat::VarId)>& replace) {
  if (!e) return e;
  if (e->kind == flat::ExprKind::Var) return replace(e->var);
  if (e->args.empty()) return e;
  flat::Expr copy = *e;
  for (auto& arg : copy.args) arg = substitute(arg, replace);
  return std::make_shared<const flat::Expr>(std::move(copy));
}

}  // namespace

std::optional<CallArguments> Flattener::matchCallArguments(const ast::Expr& call, ClassNode* cls,
                                                           const Scope& scope, bool asStatement) {
  const SourceRange r = call.range;
  std::vector<ClassNode*> modifying;
  ClassNode* defining = definingFunction(cls, &modifying);
  if (defining && defining->def->isPartial) {
    // Reported at every call: which call reached an unreplaced replaceable
    // function is what the user needs to know.
    diags_.errorf(r, "'{}' calls the partial function '{}', which no redeclaration replaces here", refText(call.ref),
                  defining->path());
    diags_.note(defining->def->nameRange, "declared partial here");
    return std::nullopt;
  }
  const FunctionInterface* interface = defining ? functionInterface(defining) : nullptr;
  if (!interface) return std::nullopt;
  if (interface->unsupported) {
    diags_.unsupported(interface->unsupported->first, interface->unsupported->second);
    diags_.note(r, "called here");
    return std::nullopt;
  }
  CallArguments out;
  out.interface = interface;
  out.name = defining->path();
  const std::string& name = out.name;
  const std::vector<FormalSlot>& slots = interface->inputs;
  auto slotName = [&](const FormalSlot& slot) -> const std::string& {
    return slot.record >= 0 ? interface->records[static_cast<size_t>(slot.record)].name
                            : interface->variables[slot.first].name;
  };
  if (!call.iterators.empty()) {
    diags_.errorf(r, "'{}' does not accept an iterator ('for') argument", name);
    return std::nullopt;
  }
  if (interface->numOutputs == 0 && !asStatement) {
    diags_.errorf(r, "function '{}' has no output and cannot be used in an expression", name);
    return std::nullopt;
  }
  if (call.args.size() > slots.size()) {
    diags_.errorf(r, "function '{}' takes {} input(s), {} given", name, slots.size(), call.args.size());
    return std::nullopt;
  }
  out.given.resize(interface->numInputs);
  out.ranges.resize(interface->numInputs);
  std::vector<bool> filled(slots.size(), false);
  auto fillIn = [&](size_t index, const ast::Expr& arg, const std::string& what, const Scope& scope) {
    const FormalSlot& slot = slots[index];
    filled[index] = true;
    if (slot.record >= 0) return fillRecordArgument(*interface, slot, arg, scope, what, out);
    auto value = lower(arg, scope);
    if (!value) return false;
    const FormalVariable& formal = interface->variables[slot.first];
    if (formal.isArray && value->isScalar()) {
      diags_.errorf(arg.range, "{} must be an array, not a scalar", what);
      return false;
    }
    for (const auto& e : value->elements) {
      flat::BaseType actual = typeOf(*e, scope);
      if (!flat::isAssignable(formal.type, actual)) {
        diags_.errorf(arg.range, "{} must be {}, not {}", what, flat::toString(formal.type), flat::toString(actual));
        return false;
      }
    }
    out.given[slot.first] = std::move(value);
    out.ranges[slot.first] = arg.range;
    return true;
  };
  auto fill = [&](size_t index, const ast::Expr& arg, const std::string& what) {
    return fillIn(index, arg, what, scope);
  };
  bool ok = true;
  for (size_t i = 0; i < call.args.size(); ++i)
    ok = fill(i, *call.args[i], fmt::format("argument {} ('{}') of '{}'", i + 1, slotName(slots[i]), name)) && ok;
  for (const ast::NamedArg& arg : call.named) {
    size_t index = 0;
    while (index < slots.size() && slotName(slots[index]) != arg.name) ++index;
    if (index >= slots.size()) {
      bool isVariable = false;
      for (const FormalVariable& formal : interface->variables) isVariable = isVariable || formal.name == arg.name;
      for (const RecordFormal& record : interface->records) isVariable = isVariable || record.name == arg.name;
      if (isVariable)
        diags_.errorf(arg.range, "'{}' is not an input of function '{}'", arg.name, name);
      else
        diags_.errorf(arg.range, "function '{}' has no input named '{}'", name, arg.name);
      ok = false;
      continue;
    }
    if (filled[index]) {
      diags_.errorf(arg.range, "input '{}' of '{}' is given twice", arg.name, name);
      ok = false;
      continue;
    }
    ok = fill(index, *arg.value, fmt::format("argument '{}' of '{}'", arg.name, name)) && ok;
  }
  // `function g = f(k = 2)` gives input k the value 2 unless the call
  // gives it; an outer definition's value wins over one it extends.
  for (ClassNode* shortDefinition : modifying) {
    if (!ok) break;
    std::optional<Scope> where = shortDefinitionScope(call, shortDefinition, scope);
    if (!where) return std::nullopt;
    for (const ast::ElementModification& arg : shortDefinition->def->shortModification->arguments) {
      const std::string input = arg.path.str();
      size_t index = 0;
      while (index < slots.size() && slotName(slots[index]) != input) ++index;
      if (index >= slots.size()) {
        diags_.errorf(arg.range, "function '{}' has no input named '{}'", name, input);
        ok = false;
        continue;
      }
      if (filled[index]) continue;
      if (arg.isRedeclaration || !arg.modification || !arg.modification->binding ||
          !arg.modification->arguments.empty()) {
        diags_.unsupported(arg.range, fmt::format("modifying input '{}' of '{}' other than by a value", input,
                                                  name));
        ok = false;
        continue;
      }
      ok = fillIn(index, *arg.modification->binding,
                  fmt::format("input '{}' of '{}' (as modified by '{}')", input, name, shortDefinition->path()),
                  *where) &&
           ok;
    }
  }
  if (!ok) return std::nullopt;
  return out;
}

// The modification of a short function definition is evaluated where the
// definition is written: in the instance `a` of a call `a.f(...)` whose
// class (or a base of it) holds f, or in the instance around it whose
// modifier redeclared f (spec 7.3; without `a.`, around the caller), and
// otherwise in the lexical scope of a package, where only constants are.
std::optional<Scope> Flattener::shortDefinitionScope(const ast::Expr& call, ClassNode* shortDefinition,
                                                    const Scope& scope) {
  ClassNode* writtenIn = shortDefinition->parent;
  Scope where{nullptr, writtenIn, nullptr, nullptr, nullptr};
  if (writtenIn && writtenIn->def && writtenIn->def->kind == ast::ClassKind::Package) return where;
  Instance* owner = functionOwner(call, scope);
  for (Instance* inst = owner ? owner : scope.instance; inst; inst = inst->parent)
    if (inst->cls && (inst->cls == writtenIn || tree_.isOrInherits(inst->cls, writtenIn))) {
      where.instance = inst;
      return where;
    }
  diags_.unsupported(shortDefinition->def->range,
                     fmt::format("the modifications of function '{}' outside the instances that hold it",
                                 shortDefinition->path()));
  diags_.note(call.range, "called here");
  return std::nullopt;
}

bool Flattener::fillRecordArgument(const FunctionInterface& interface, const FormalSlot& slot,
                                   const ast::Expr& arg, const Scope& scope, const std::string& what,
                                   CallArguments& out) {
  const RecordFormal& record = interface.records[static_cast<size_t>(slot.record)];
  auto leaves = recordLeaves(arg, record.cls, scope, what);
  if (!leaves) return false;
  if (record.rank > 0) {
    // An array of records: each field input is given that field of every element.
    const size_t given = recordArrayDims(*leaves).size();
    if (given != record.rank) {
      diags_.errorf(arg.range, "{} must be an array of records with {} dimension(s), not {}", what, record.rank,
                    given == 0 ? std::string("a single record") : fmt::format("one with {}", given));
      return false;
    }
    for (size_t i = slot.first; i < slot.first + slot.count; ++i) {
      const FormalVariable& formal = interface.variables[i];
      const std::string field = formal.name.substr(record.name.size() + 1);
      Value value = recordArrayFieldValue(*leaves, field, formal.hasOwnDims);
      if (value.elements.empty() && !value.dims.empty() && value.dims.front() != 0) {
        diags_.errorf(arg.range, "{} has no field '{}'", what, field);
        return false;
      }
      out.given[i] = std::move(value);
      out.ranges[i] = arg.range;
    }
    return true;
  }
  if (isRecordArray(*leaves)) {
    // An array of records given to a record input: a vectorized call
    // (spec 12.4.6), each field input given the vector of that field.
    for (size_t i = slot.first; i < slot.first + slot.count; ++i) {
      const FormalVariable& formal = interface.variables[i];
      const std::string field = formal.name.substr(record.name.size() + 1);
      Value value;
      for (const auto& [leaf, e] : *leaves) {
        size_t close = leaf.find("].");
        if (leaf.find(',') < close || formal.isArray) {
          diags_.unsupported(arg.range, fmt::format("{}: a vectorized call over a matrix of records or with "
                                                    "array fields",
                                                    what));
          return false;
        }
        if (leaf.compare(close + 2, std::string::npos, field) == 0) value.elements.push_back(e);
      }
      value.dims = {static_cast<long long>(value.elements.size())};
      out.given[i] = std::move(value);
      out.ranges[i] = arg.range;
    }
    return true;
  }
  for (size_t i = slot.first; i < slot.first + slot.count; ++i) {
    const FormalVariable& formal = interface.variables[i];
    Value value = fieldValue(*leaves, formal.name.substr(record.name.size() + 1), formal.isArray);
    if (value.elements.empty() && !formal.isArray) {
      diags_.errorf(arg.range, "{} has no field '{}'", what, formal.name.substr(record.name.size() + 1));
      return false;
    }
    out.given[i] = std::move(value);
    out.ranges[i] = arg.range;
  }
  return true;
}

flat::ExprPtr Flattener::lowerFunctionCall(const ast::Expr& call, ClassNode* cls, const Scope& scope,
                                           bool asStatement) {
  auto arguments = matchCallArguments(call, cls, scope, asStatement);
  if (!arguments) return nullptr;
  // A scalar input given an array is a vectorized call, which has a value
  // of its own (callFunction) but no single call.
  for (size_t i = 0; i < arguments->given.size(); ++i)
    if (arguments->given[i] && !arguments->interface->variables[i].isArray && !arguments->given[i]->isScalar()) {
      diags_.unsupported(arguments->ranges[i],
                         fmt::format("a vectorized call of '{}' here (argument '{}' is an array)", arguments->name,
                                     arguments->interface->variables[i].name));
      return nullptr;
    }
  return buildFunctionCall(*arguments, call.range, scope);
}

std::optional<Value> Flattener::callFunction(const ast::Expr& call, ClassNode* cls, const Scope& scope) {
  auto arguments = matchCallArguments(call, cls, scope, false);
  if (!arguments) return std::nullopt;
  if (isLoadResource(arguments->interface->cls)) return lowerLoadResource(call, *arguments, scope);
  if (const FunctionInterface& interface = *arguments->interface; interface.outputs[0].record >= 0) {
    diags_.errorf(call.range, "'{}' returns a record of class '{}', which is not allowed here (only as a side of "
                              "an equation, a binding, or a function argument)",
                  arguments->name, interface.records[static_cast<size_t>(interface.outputs[0].record)].cls->path());
    return std::nullopt;
  }
  auto calls = elementCalls(*arguments, call.range, scope);
  if (!calls) return std::nullopt;
  if (!calls->vectorized) return functionOutput(calls->calls[0], 0);
  Value out;
  out.dims = calls->dims;
  for (const flat::ExprPtr& single : calls->calls) {
    Value value = functionOutput(single, 0);
    if (!value.isScalar()) {
      diags_.unsupported(call.range, fmt::format("a vectorized call of '{}', whose output is an array",
                                                 arguments->name));
      return std::nullopt;
    }
    out.elements.push_back(value.elements[0]);
  }
  return out;
}

// Spec 12.4.6: array arguments given to scalar inputs make the call
// elementwise over them (their sizes must agree); other arguments are
// passed whole to each element's call.
std::optional<ElementCalls> Flattener::elementCalls(const CallArguments& arguments, SourceRange range,
                                                    const Scope& scope) {
  ElementCalls out;
  std::vector<size_t> spread;
  for (size_t i = 0; i < arguments.given.size(); ++i) {
    const auto& value = arguments.given[i];
    if (!value || arguments.interface->variables[i].isArray || value->isScalar()) continue;
    if (out.vectorized && out.dims != value->dims) {
      diags_.errorf(arguments.ranges[i],
                    "the array arguments of the vectorized call of '{}' differ in size: [{}] and [{}]",
                    arguments.name, fmt::join(out.dims, ", "), fmt::join(value->dims, ", "));
      return std::nullopt;
    }
    out.vectorized = true;
    out.dims = value->dims;
    spread.push_back(i);
  }
  const size_t count = out.vectorized ? arguments.given[spread[0]]->elements.size() : 1;
  CallArguments element = arguments;  // the spread inputs are replaced per element
  for (size_t k = 0; k < count; ++k) {
    for (size_t i : spread) element.given[i] = Value::scalar(arguments.given[i]->elements[k]);
    flat::ExprPtr single = buildFunctionCall(element, range, scope);
    if (!single) return std::nullopt;
    out.calls.push_back(std::move(single));
  }
  return out;
}

std::optional<Operand> Flattener::recordFunctionCall(const ast::Expr& call, ClassNode* fn, const Scope& scope) {
  auto arguments = matchCallArguments(call, fn, scope, false);
  if (!arguments) return std::nullopt;
  auto calls = elementCalls(*arguments, call.range, scope);
  if (!calls) return std::nullopt;
  if (!calls->vectorized) return callResult(calls->calls[0], *arguments->interface);
  // A vectorized call: an array of the records each element's call returns.
  Operand out;
  for (size_t k = 0; k < calls->calls.size(); ++k) {
    Operand result = callResult(calls->calls[k], *arguments->interface);
    if (!result.isRecord || isRecordArray(result.leaves)) {
      diags_.unsupported(call.range, fmt::format("a vectorized call of '{}', whose output is an array",
                                                 arguments->name));
      return std::nullopt;
    }
    out.isRecord = true;
    out.cls = result.cls;
    const std::string prefix = subscriptText(calls->dims, static_cast<long long>(k)) + ".";
    for (auto& [leaf, e] : result.leaves) out.leaves.emplace_back(prefix + leaf, std::move(e));
  }
  return out;
}

flat::ExprPtr Flattener::buildFunctionCall(const CallArguments& arguments, SourceRange r, const Scope& scope) {
  const FunctionInterface& interface = *arguments.interface;
  const auto& given = arguments.given;
  const std::string& name = arguments.name;
  const size_t n = interface.numInputs;
  CallShape shape;
  shape.call = r;
  const bool foldStrings = specializations_[interface.cls] < limits::kMaxFoldedStringSpecializations;
  for (size_t i = 0; i < n; ++i) {
    const std::string& input = interface.variables[i].name;
    if (given[i] && interface.variables[i].isArray) shape.inputDims.emplace_back(given[i]->dims);
    else shape.inputDims.emplace_back();
    if (!given[i] || !interface.sizeNames.count(input)) continue;
    const flat::ExprPtr& value = given[i]->elements[0];
    const bool known = given[i]->isScalar() && isParameterExpression(*value, scope);
    if (interface.freeStringInputs.count(input)) {
      // Fixed when known (the body then folds `if unit == "mm"`), else a
      // String variable of the function; an impure call in the argument
      // (a file's full path) is for the run to make.
      flat::ConstantEvaluator evaluator(model_);
      if (auto text = known && foldStrings ? evaluator.evaluate(*value, r) : std::nullopt)
        shape.sizeValues[input] = flat::makeLiteral(*text, r);
      else if (known && foldStrings && !evaluator.error().needsRun)
        diags_.error(evaluator.error().range, evaluator.error().message);
      else
        shape.varyingStrings.insert(input);
      continue;
    }
    auto constant = known ? evaluateFlat(*value, r) : std::nullopt;
    if (!constant) {
      diags_.unsupported(r, fmt::format("calling '{}' with input '{}' that varies: array sizes in the function "
                                        "depend on its value",
                                        name, input));
      return nullptr;
    }
    shape.sizeValues[input] = flat::makeLiteral(*constant, r);
  }
  auto index = specializeFunction(interface, shape);
  if (!index) return nullptr;
  // Copied: lowering the defaults may build more functions and move the table.
  const flat::Function signature = model_.functions[*index];
  std::vector<flat::ExprPtr> inputs(signature.numInputs);
  for (size_t i = 0; i < n; ++i) {
    if (!given[i]) continue;
    const flat::DeclaredVariable& declared = signature.declared[i];
    for (size_t k = 0; k < declared.size(); ++k) inputs[declared.first + k] = given[i]->elements[k];
  }

  // Defaults, each resolved once; a default that needs itself is a cycle.
  std::vector<int> state(signature.numInputs, 0);  // 0 = open, 1 = resolving
  std::function<flat::ExprPtr(flat::VarId)> resolve = [&](flat::VarId k) -> flat::ExprPtr {
    if (inputs[k]) return inputs[k];
    const flat::Variable& input = signature.variables[k];
    if (!input.binding) {
      diags_.errorf(r, "missing argument for input '{}' of '{}' (it has no default)", input.name, name);
      return nullptr;
    }
    if (state[k] == 1) {
      diags_.errorf(input.range, "the default of input '{}' of '{}' depends on itself", input.name, name);
      return nullptr;
    }
    state[k] = 1;
    bool failed = false;
    flat::ExprPtr value = substitute(input.binding, [&](flat::VarId j) -> flat::ExprPtr {
      flat::ExprPtr v = failed ? nullptr : resolve(j);
      if (!v) failed = true;
      return v ? v : flat::makeInteger(0);
    });
    state[k] = 0;
    if (failed) return nullptr;
    inputs[k] = value;
    return value;
  };
  for (flat::VarId k = 0; k < signature.numInputs; ++k)
    if (!resolve(k)) return nullptr;
  return flat::makeFunctionCall(*index, 0, inputs, r);
}

Value Flattener::functionOutput(const flat::ExprPtr& call, size_t output) const {
  const flat::Function& fn = model_.functions[call->function];
  size_t seen = 0;
  for (const flat::DeclaredVariable& declared : fn.declared) {
    if (declared.causality != flat::Causality::Output || seen++ != output) continue;
    Value value;
    value.dims = declared.dims;
    for (size_t k = 0; k < declared.size(); ++k)
      value.elements.push_back(
          flat::makeFunctionCall(call->function, declared.first - fn.numInputs + static_cast<uint32_t>(k),
                                 call->args, call->range));
    return value;
  }
  return Value::scalar(call);
}

}  // namespace smc::flatten
