// User functions -> flat::Function (spec 12), one per call shape.
//
// smc expands arrays into scalars, and a function is no exception: an input
// declared `Real x[:]` takes its size from the call (spec 12.4.4), so the
// flat function is built for each shape it is called with - the sizes of
// the array inputs given, and the values of the inputs that sizes read
// (`output Real y[n]`) - and each declared array becomes a block of scalar
// variables (flat::DeclaredVariable). Subscripts that vary at run time
// select from a block by flat::ExprKind::Element, bounds-checked when the
// function runs.
//
// A function is built on its first call with a given shape and gets the next
// index of FlatModel::functions, so the order is the order of first use
// (fixed for a given model). Building goes in three steps: the variables
// (inputs, then outputs, then protected locals), published at once so that
// a recursive call can check its arguments; then the bindings (an input's
// default, an output's or local's initial value); then the algorithm.
// Inside the body a name resolves to the function's own variables first and
// otherwise only to constants of enclosing classes, which fold to literals:
// a function sees nothing of the model that calls it.
#include "flatten/Flattener.h"
#include "frontend/ResourceLimits.h"

#include <fmt/format.h>

namespace smc::flatten {

namespace {

const char* kindText(flat::Causality causality) {
  switch (causality) {
    case flat::Causality::Input: return "input";
    case flat::Causality::Output: return "output";
    case flat::Causality::Local: return "local";
  }
  return "?";
}

// The attributes a function variable may be modified with; only `start`
// has an effect inside a function (the value before the first assignment is
// taken from the binding instead), the others document the value.
bool isAttributeName(const std::string& name) {
  return name == "start" || name == "fixed" || name == "min" || name == "max" || name == "nominal" ||
         name == "unit" || name == "displayUnit" || name == "quantity" || name == "stateSelect";
}

std::string dimsText(const std::vector<long long>& dims) {
  return fmt::format("[{}]", fmt::join(dims, ", "));
}

// Whether `e` names a variable of the function that `names` does not bind
// yet (its first name part, so `c.re` of record c counts).
bool readsUnboundVariable(const ast::Expr& e, const FunctionInterface& interface,
                          const std::map<std::string, Value>& names) {
  if (e.kind == ast::ExprKind::Ref && !e.ref.global && !e.ref.parts.empty()) {
    const std::string& first = e.ref.parts[0].name;
    bool isVariable = interface.recordTypes.count(first) > 0;
    for (const FormalVariable& formal : interface.variables) isVariable = isVariable || formal.name == first;
    if (isVariable && !names.count(first) && !interface.recordTypes.count(first)) return true;
    if (interface.recordTypes.count(first)) {
      std::string joined;
      for (const auto& part : e.ref.parts) joined += (joined.empty() ? "" : ".") + part.name;
      // A whole record (`size(u, 1)` of an array of records) is bound when its fields are.
      if (interface.recordTypes.count(joined)) {
        for (const FormalVariable& formal : interface.variables)
          if (formal.name.compare(0, joined.size() + 1, joined + ".") == 0 && !names.count(formal.name)) return true;
      } else if (!names.count(joined)) {
        return true;
      }
    }
  }
  for (const auto& arg : e.args)
    if (arg && readsUnboundVariable(*arg, interface, names)) return true;
  for (const auto& arg : e.named)
    if (arg.value && readsUnboundVariable(*arg.value, interface, names)) return true;
  for (const auto& part : e.ref.parts)
    for (const auto& sub : part.subscripts)
      if (sub && readsUnboundVariable(*sub, interface, names)) return true;
  for (const auto& row : e.rows)
    for (const auto& cell : row)
      if (cell && readsUnboundVariable(*cell, interface, names)) return true;
  return false;
}

}  // namespace

std::string CallShape::key() const {
  std::string out;
  for (const auto& dims : inputDims) {
    out += dims ? dimsText(*dims) : "-";
    out += ';';
  }
  for (const auto& [name, value] : sizeValues) {
    out += name + '=';
    if (value->kind == flat::ExprKind::Integer) out += std::to_string(value->integer);
    else if (value->kind == flat::ExprKind::Boolean) out += value->boolean ? "true" : "false";
    else if (value->kind == flat::ExprKind::String) out += fmt::format("\"{}\"", value->text);
    else out += fmt::format("{}", value->real);
    out += ';';
  }
  for (const std::string& name : varyingStrings) out += name + "=?;";
  return out;
}

std::optional<uint32_t> Flattener::specializeFunction(const FunctionInterface& interface, const CallShape& shape) {
  ClassNode* cls = interface.cls;
  const auto key = std::make_pair(cls, shape.key());
  if (auto it = functionIndices_.find(key); it != functionIndices_.end()) {
    if (!declaringFunctions_.count(it->second)) return it->second;
    diags_.errorf(shape.call,
                  "function '{}' is called while the sizes of its own inputs and outputs are worked out "
                  "(they depend on a call of it)",
                  cls->path());
    return std::nullopt;
  }
  if (failedFunctions_.count(key)) return std::nullopt;
  if (++specializations_[cls] > limits::kMaxFunctionSpecializations) {
    diags_.errorf(shape.call,
                  "function '{}' is called with more than {} different argument sizes (a recursion "
                  "whose array sizes change at every level?)",
                  cls->path(), limits::kMaxFunctionSpecializations);
    failedFunctions_.insert(key);
    return std::nullopt;
  }
  FunctionBuild build;
  build.interface = &interface;
  build.shape = &shape;
  build.index = static_cast<uint32_t>(model_.functions.size());
  build.fn.name = cls->path();
  build.fn.range = cls->def->nameRange;
  functionIndices_[key] = build.index;
  model_.functions.emplace_back();
  unsigned errorsBefore = diags_.errorReports();
  declaringFunctions_.insert(build.index);
  const bool declared = declareFunctionVariables(build, shape);
  declaringFunctions_.erase(build.index);
  if (declared) {
    model_.functions[build.index] = build.fn;  // the signature, for recursive calls
    lowerFunctionBindings(build);
    lowerFunctionBody(build);
    model_.functions[build.index] = std::move(build.fn);
  }
  // A failure may also be silent here: a constant the sizes read that
  // failed before (and was reported then) fails again without a new error.
  if (!declared || diags_.errorReports() > errorsBefore) {
    functionIndices_.erase(key);
    failedFunctions_.insert(key);
    return std::nullopt;
  }
  if (auto derivative = functionDerivative(interface, shape, build.index))
    model_.functions[build.index].derivative = std::move(*derivative);
  return build.index;
}

std::optional<flat::FunctionDerivative> Flattener::functionDerivative(const FunctionInterface& interface,
                                                                      const CallShape& shape, uint32_t index) {
  const ast::ClassDef& def = *interface.cls->def;
  if (!def.annotation) return std::nullopt;
  // The first-order `derivative = f_der`, with its noDerivative and zeroDerivative inputs.
  const ast::ElementModification* chosen = nullptr;
  for (const ast::ElementModification& arg : def.annotation->modification.arguments) {
    if (arg.path.str() != "derivative" || !arg.modification || !arg.modification->binding) continue;
    long long order = 1;
    for (const ast::ElementModification& option : arg.modification->arguments)
      if (option.path.str() == "order" && option.modification && option.modification->binding &&
          option.modification->binding->kind == ast::ExprKind::Integer)
        order = option.modification->binding->integer;
    if (order == 1 && !chosen) chosen = &arg;
  }
  if (!chosen) return std::nullopt;
  const ast::Expr& target = *chosen->modification->binding;
  if (target.kind != ast::ExprKind::Ref) {
    diags_.errorf(target.range, "the derivative of function '{}' must name a function", interface.cls->path());
    return std::nullopt;
  }
  std::vector<std::string> parts;
  for (const auto& part : target.ref.parts) parts.push_back(part.name);
  ClassNode* found = tree_.find(parts, target.ref.global, interface.cls);
  ClassNode* derivativeClass = found && found->def && found->def->kind == ast::ClassKind::Function
                                   ? definingFunction(found)
                                   : nullptr;
  if (!derivativeClass) {
    if (!found || found->def)
      diags_.errorf(target.range, "derivative function '{}' of '{}' not found", refText(target.ref),
                    interface.cls->path());
    return std::nullopt;
  }
  const FunctionInterface* derivativeInterface = functionInterface(derivativeClass);
  if (!derivativeInterface) return std::nullopt;
  flat::FunctionDerivative out;
  out.inputs.assign(model_.functions[index].numInputs, flat::InputDerivative::None);
  CallShape derivativeShape;
  derivativeShape.call = target.range;
  derivativeShape.sizeValues = shape.sizeValues;
  derivativeShape.inputDims = shape.inputDims;
  const flat::Function& fn = model_.functions[index];
  for (size_t i = 0; i < interface.numInputs; ++i) {
    const FormalVariable& formal = interface.variables[i];
    if (formal.type != flat::BaseType::Real) continue;
    const std::string& written =
        formal.record >= 0 ? interface.records[static_cast<size_t>(formal.record)].name : formal.name;
    auto kind = flat::InputDerivative::Differentiated;
    for (const ast::ElementModification& option : chosen->modification->arguments) {
      const std::string name = option.path.str();
      if ((name != "noDerivative" && name != "zeroDerivative") || !option.modification ||
          !option.modification->binding || option.modification->binding->kind != ast::ExprKind::Ref)
        continue;
      if (refText(option.modification->binding->ref) == written || refText(option.modification->binding->ref) == formal.name)
        kind = name == "noDerivative" ? flat::InputDerivative::None : flat::InputDerivative::Zero;
    }
    const flat::DeclaredVariable& declared = fn.declared[i];
    for (size_t k = 0; k < declared.size(); ++k) out.inputs[declared.first + k] = kind;
    if (kind == flat::InputDerivative::Differentiated) derivativeShape.inputDims.push_back(shape.inputDims[i]);
  }
  if (derivativeShape.inputDims.size() != derivativeInterface->numInputs) {
    diags_.errorf(target.range,
                  "derivative function '{}' of '{}' takes {} input(s); spec 12.7.1 asks for {}: the inputs of "
                  "'{}' and the derivatives of its Real inputs",
                  derivativeClass->path(), interface.cls->path(), derivativeInterface->numInputs,
                  derivativeShape.inputDims.size(), interface.cls->path());
    return std::nullopt;
  }
  auto built = specializeFunction(*derivativeInterface, derivativeShape);
  if (!built) return std::nullopt;
  out.function = *built;
  return out;
}

// The dimensions of `formal` in this specialization: those the call gives
// (an input), else its declared ones evaluated over the inputs.
std::optional<std::vector<long long>> Flattener::functionVariableDims(
    const FormalVariable& formal, const std::optional<std::vector<long long>>& given, FunctionBuild& build,
    const CallShape& shape) {
  const ast::Component& decl = *formal.decl;
  const std::string& fnName = build.fn.name;
  Scope scope{nullptr, formal.declaredIn, nullptr, &build.names, &build};
  auto type = resolveDeclType(decl, formal.declaredIn, scope);
  if (!type) return std::nullopt;
  // A field of an array of records: the records' dimensions come first.
  std::vector<std::pair<const ast::Expr*, Scope>> subscripts;
  const RecordFormal* records = formal.record >= 0 ? &build.interface->records[static_cast<size_t>(formal.record)]
                                                   : nullptr;
  if (records && records->rank > 0) {
    auto recordType = resolveDeclType(*records->decl, records->declaredIn,
                                      Scope{nullptr, records->declaredIn, nullptr, &build.names, &build});
    if (!recordType) return std::nullopt;
    subscripts = recordType->subscripts;
  }
  subscripts.insert(subscripts.end(), type->subscripts.begin(), type->subscripts.end());
  if (given && given->size() != subscripts.size()) {
    diags_.errorf(shape.call, "argument '{}' of '{}' has {} dimension(s), but the function declares {}", formal.name,
                  fnName, given->size(), subscripts.size());
    diags_.note(decl.range, "declared here");
    return std::nullopt;
  }
  // A size may read the input's own shape (`input Real A[:, size(A, 1)]`,
  // Modelica.Math.Matrices): while its sizes are checked, the input's name
  // stands for an array of the given shape.
  struct OwnShape {
    std::map<std::string, Value>& names;
    const std::string& name;
    bool bound = false;
    ~OwnShape() {
      if (bound) names.erase(name);
    }
  } ownShape{build.names, formal.name};
  if (given && formal.record < 0 && !build.names.count(formal.name)) {
    Value placeholder{*given, {}};
    long long count = 1;
    for (long long n : *given) count *= n;
    placeholder.elements.assign(static_cast<size_t>(std::max(0LL, count)), flat::makeReal(0.0, decl.range));
    build.names.emplace(formal.name, std::move(placeholder));
    ownShape.bound = true;
  }
  std::vector<long long> dims;
  for (size_t d = 0; d < subscripts.size(); ++d) {
    const auto& [expr, where] = subscripts[d];
    if (expr->kind == ast::ExprKind::Colon) {
      if (given) {
        dims.push_back((*given)[d]);
        continue;
      }
      // A local or output sized by its binding (`constant Real n[:] = {...}`),
      // or an omitted input by its default.
      if (formal.binding) {
        Scope bindingScope{nullptr, formal.bindingIn, nullptr, &build.names, &build};
        auto value = lower(*formal.binding, bindingScope);
        if (!value) return std::nullopt;
        if (value->dims.size() != subscripts.size()) {
          diags_.errorf(formal.binding->range, "the binding of '{}' has {} dimension(s), but '{}' is declared with {}",
                        formal.name, value->dims.size(), formal.name, subscripts.size());
          return std::nullopt;
        }
        dims.push_back(value->dims[d]);
        continue;
      }
      diags_.unsupported(expr->range,
                         fmt::format("'{}' of function '{}' has a ':' size, which only an input given at the "
                                     "call can have",
                                     formal.name, fnName));
      return std::nullopt;
    }
    std::optional<long long> n = enumerationDimension(*expr, where);
    if (!n) {
      auto value = lower(*expr, where);
      if (!value) return std::nullopt;
      if (!value->isScalar() || typeOf(*value->elements[0], where) != flat::BaseType::Integer) {
        diags_.errorf(expr->range, "an array dimension must be an Integer scalar");
        return std::nullopt;
      }
      if (!isParameterExpression(*value->elements[0], where)) {
        diags_.unsupported(expr->range,
                           fmt::format("array sizes known only when '{}' runs (the size of '{}')", fnName,
                                       formal.name));
        return std::nullopt;
      }
      auto c = evaluateFlat(*value->elements[0], expr->range);
      if (!c || c->kind != Constant::Integer) return std::nullopt;
      n = c->integer;
    }
    if (*n < 0) {
      diags_.errorf(expr->range, "array dimension must not be negative, got {}", *n);
      return std::nullopt;
    }
    if (given && (*given)[d] != *n) {
      diags_.errorf(shape.call, "argument '{}' of '{}' has size {}, but its dimension {} must be {}", formal.name,
                    fnName, dimsText(*given), d + 1, *n);
      diags_.note(expr->range, "the size is declared here");
      return std::nullopt;
    }
    dims.push_back(*n);
  }
  if (!withinElementLimit(dims, decl.range, "a function variable")) return std::nullopt;
  return dims;
}

// Binds the name of a scalar variable whose binding is known at translation
// to that value's literal. A binding that is not known, or that does not
// evaluate, leaves the name a variable; false when lowering it failed
// (reported).
bool Flattener::bindKnownBinding(FunctionBuild& build, const FormalVariable& formal) {
  const ast::Component& decl = *formal.decl;
  if (formal.isArray || !formal.binding) return true;
  Scope scope{nullptr, formal.bindingIn, nullptr, &build.names, &build};
  auto value = lower(*formal.binding, scope);
  if (!value) return false;
  if (!value->isScalar() || !isParameterExpression(*value->elements[0], scope)) return true;
  flat::ConstantEvaluator evaluator(model_);  // silent: evaluation is optional here
  if (auto c = evaluator.evaluate(*value->elements[0], decl.range))
    build.names[formal.name] = Value::scalar(flat::makeLiteral(*c, decl.nameRange));
  return true;
}

bool Flattener::declareFunctionVariables(FunctionBuild& build, const CallShape& shape) {
  const FunctionInterface& interface = *build.interface;
  // The values the sizes read, known before any size is evaluated.
  for (const auto& [name, value] : shape.sizeValues) build.names[name] = Value::scalar(value);
  auto declare = [&](size_t i, const std::vector<long long>& dims) {
    const FormalVariable& formal = interface.variables[i];
    const ast::Component& decl = *formal.decl;
    flat::DeclaredVariable declared;
    declared.name = formal.name;
    declared.causality = formal.causality;
    declared.first = static_cast<flat::VarId>(build.fn.variables.size());
    declared.dims = dims;
    Value value;
    value.dims = dims;
    for (size_t k = 0; k < declared.size(); ++k) {
      flat::Variable v;
      v.name = formal.name + subscriptText(dims, static_cast<long long>(k));
      v.type = formal.type;
      v.variability = decl.variability == ast::Variability::Constant ? flat::Variability::Constant
                      : v.type == flat::BaseType::Real                ? flat::Variability::Continuous
                                                                      : flat::Variability::Discrete;
      v.causality = formal.causality;
      v.isProtected = formal.causality == flat::Causality::Local;
      v.description = decl.description;
      v.range = decl.range;
      auto id = static_cast<flat::VarId>(build.fn.variables.size());
      value.elements.push_back(flat::makeVar(id, decl.nameRange));
      build.fn.variables.push_back(std::move(v));
    }
    build.fn.declared.push_back(std::move(declared));
    if (formal.record >= 0)
      if (const RecordFormal& record = interface.records[static_cast<size_t>(formal.record)]; record.rank > 0)
        build.recordDims.emplace(record.name, std::vector<long long>(dims.begin(), dims.begin() + record.rank));
    // A name whose value the sizes read stays bound to that value.
    if (!build.names.count(formal.name)) build.names[formal.name] = std::move(value);
  };
  for (size_t i = 0; i < interface.numInputs; ++i) {
    const FormalVariable& formal = interface.variables[i];
    const auto& given = shape.inputDims[i];
    if (!formal.isArray) {
      declare(i, {});
    } else {
      auto dims = functionVariableDims(formal, given, build, shape);
      if (!dims) return false;
      declare(i, *dims);
    }
    // An omitted input whose value a size reads: its default, if known.
    const std::string& name = formal.name;
    if (shape.varyingStrings.count(name)) continue;  // given, not known: the variable it is
    if (!given && interface.sizeNames.count(name) && !shape.sizeValues.count(name) &&
        !bindKnownBinding(build, formal))
      return false;
    const Value& bound = build.names[name];
    if (formal.type == flat::BaseType::String && bound.isScalar() && bound.elements[0]->kind == flat::ExprKind::String)
      build.fn.fixedStringInputs.insert(static_cast<flat::VarId>(i));
  }
  // Locals and outputs whose values the sizes read (`constant Integer m = 3`),
  // and locals the algorithm never assigns (`Integer n = size(x, 1)`): a
  // binding known for this shape makes them constants of it, so they can
  // size expressions in the body (`fill(0, n)`).
  for (size_t i = interface.numInputs; i < interface.variables.size(); ++i) {
    const FormalVariable& formal = interface.variables[i];
    const std::string& name = formal.name;
    // A local whose binding reads another local not bound yet is left a
    // variable (`Real re = lnz*c.re` after `Real lnz = ...`): it is only
    // worth fixing when a size depends on it.
    const std::string& assignedAs =
        formal.record >= 0 ? interface.records[static_cast<size_t>(formal.record)].name : name;
    // A field of a record bound whole takes its value from that binding
    // (lowerFunctionBindings), not from its class's default.
    const bool boundWhole = formal.record >= 0 && interface.records[static_cast<size_t>(formal.record)].binding;
    const bool fixedLocal = formal.causality == flat::Causality::Local && !interface.assignedNames.count(assignedAs) &&
                            !boundWhole &&
                            !(formal.binding && readsUnboundVariable(*formal.binding, interface, build.names));
    if ((interface.sizeNames.count(name) || fixedLocal) && !bindKnownBinding(build, formal)) return false;
  }
  for (size_t i = interface.numInputs; i < interface.variables.size(); ++i) {
    auto dims = functionVariableDims(interface.variables[i], std::nullopt, build, shape);
    if (!dims) return false;
    declare(i, *dims);
  }
  if (build.fn.variables.size() > limits::kMaxFunctionScalars) {
    diags_.unsupported(shape.call, fmt::format("calling '{}' with arrays this large: it would hold {} scalar "
                                               "variables, more than {}",
                                               build.fn.name, build.fn.variables.size(),
                                               limits::kMaxFunctionScalars));
    return false;
  }
  for (const flat::DeclaredVariable& declared : build.fn.declared) {
    if (declared.causality == flat::Causality::Input) build.fn.numInputs += static_cast<uint32_t>(declared.size());
    if (declared.causality == flat::Causality::Output) build.fn.numOutputs += static_cast<uint32_t>(declared.size());
  }
  return true;
}

void Flattener::lowerFunctionBindings(FunctionBuild& build) {
  const FunctionInterface& interface = *build.interface;
  std::map<int, std::optional<Leaves>> recordBindings;  // whole-record bindings, lowered once
  for (size_t i = 0; i < interface.variables.size(); ++i) {
    const FormalVariable& formal = interface.variables[i];
    const ast::Component& decl = *formal.decl;
    const flat::DeclaredVariable declared = build.fn.declared[i];
    Scope scope{nullptr, formal.declaredIn, nullptr, &build.names, &build};
    if (decl.modification)
    for (const ast::ElementModification& arg : decl.modification->arguments) {
      std::string name = arg.path.str();
      if (!isAttributeName(name)) {
        diags_.errorf(arg.range, "'{}' is not an attribute of {} (in the declaration of '{}')", name,
                      flat::toString(formal.type), formal.name);
        continue;
      }
      if (name != "start" || !arg.modification || !arg.modification->binding || !declared.dims.empty()) continue;
      const ast::Expr& value = *arg.modification->binding;
      build.fn.variables[declared.first].attributes.start =
          expectScalar(lower(value, scope), formal.type, value.range,
                       fmt::format("the start value of '{}'", formal.name), scope);
    }
    const ast::Expr* binding = formal.binding;
    const RecordFormal* record = formal.record >= 0 ? &interface.records[static_cast<size_t>(formal.record)] : nullptr;
    const size_t recordRank = record ? record->rank : 0;
    // The default of an array input the call gives is never used here, and
    // may differ in size from the given one (`X[:] = reference_X` given
    // an empty X).
    if ((binding || (record && record->binding)) && formal.causality == flat::Causality::Input && formal.isArray &&
        i < build.shape->inputDims.size() && build.shape->inputDims[i])
      continue;
    std::vector<flat::ExprPtr> elements;
    if (!binding || (record && record->binding)) {
      // The record's own binding wins over its class's field defaults.
      if (!record || !record->binding) continue;
      auto& leaves = recordBindings[formal.record];
      if (!leaves) {
        Scope recordScope{nullptr, record->declaredIn, nullptr, &build.names, &build};
        leaves = recordLeaves(*record->binding, record->cls, recordScope,
                              fmt::format("the binding of '{}'", record->name));
        if (!leaves) leaves = Leaves{};
      }
      const std::string relative = formal.name.substr(record->name.size() + 1);
      for (size_t k = 0; k < declared.size(); ++k) {
        const std::string leaf = fieldLeafName(relative, declared.dims, recordRank, static_cast<long long>(k));
        for (const auto& [name, e] : *leaves)
          if (name == leaf) elements.push_back(e);
      }
      if (elements.size() != declared.size()) continue;  // reported, or no leaves
    } else if (scope.lexical = formal.bindingIn; declared.dims.empty()) {
      const std::string what = fmt::format("the binding of '{}'", formal.name);
      flat::ExprPtr value = expectScalar(lower(*binding, scope), formal.type, binding->range, what, scope);
      if (!value) continue;
      elements.push_back(value);
    } else {
      const std::string what = fmt::format("the binding of '{}'", formal.name);
      auto value = lower(*binding, scope);
      if (!value) continue;
      if (recordRank > 0 && value->dims.size() + recordRank == declared.dims.size() &&
          std::equal(value->dims.begin(), value->dims.end(), declared.dims.begin() + static_cast<long>(recordRank))) {
        // A field's default in an array of records: the same in every record.
        Value each = *value;
        value->dims = declared.dims;
        value->elements.clear();
        const size_t records = each.elements.empty() ? 0 : declared.size() / each.elements.size();
        for (size_t r = 0; r < records; ++r)
          value->elements.insert(value->elements.end(), each.elements.begin(), each.elements.end());
      }
      if (value->dims != declared.dims) {
        diags_.errorf(binding->range, "{} has size {}, but '{}' is declared with size {}", what,
                      value->isScalar() ? "[] (a scalar)" : dimsText(value->dims), formal.name,
                      dimsText(declared.dims));
        continue;
      }
      bool typed = true;
      for (const auto& e : value->elements) {
        flat::BaseType actual = typeOf(*e, scope);
        if (typed && !flat::isAssignable(formal.type, actual)) {
          diags_.errorf(binding->range, "{} must be {}, not {}", what, flat::toString(formal.type),
                        flat::toString(actual));
          typed = false;
        }
      }
      if (!typed) continue;
      elements = value->elements;
    }
    // A default may only depend on other inputs: it is evaluated at the call.
    if (formal.causality == flat::Causality::Input) {
      bool ok = true;
      std::vector<const flat::Expr*> stack;
      for (const auto& e : elements) stack.push_back(e.get());
      while (!stack.empty() && ok) {
        const flat::Expr* e = stack.back();
        stack.pop_back();
        if (e->kind == flat::ExprKind::Var && e->var >= build.fn.numInputs) {
          const flat::Variable& other = build.fn.variables[e->var];
          diags_.errorf(e->range, "the default of input '{}' can only use other inputs, not {} '{}'", formal.name,
                        kindText(other.causality), other.name);
          ok = false;
        }
        if (e->kind == flat::ExprKind::Element) {
          diags_.unsupported(e->range, fmt::format("the default of input '{}' indexes an array with a "
                                                   "subscript that varies",
                                                   formal.name));
          ok = false;
        }
        for (const auto& arg : e->args)
          if (arg) stack.push_back(arg.get());
      }
      if (!ok) continue;
    }
    for (size_t k = 0; k < elements.size(); ++k) build.fn.variables[declared.first + k].binding = elements[k];
  }
}

void Flattener::lowerFunctionBody(FunctionBuild& build) {
  if (build.interface->external) {
    lowerExternalCall(build);
    return;
  }
  const auto& algorithms = build.interface->algorithms;
  for (size_t k = 0; k < algorithms.size(); ++k) {
    const auto& [section, lexical] = algorithms[k];
    if (k > 0) {
      diags_.errorf(section->range, "function '{}' has more than one algorithm section (spec 12.2)",
                    build.fn.name);
      return;
    }
    StatementContext context;
    context.scope = Scope{nullptr, lexical, nullptr, &build.names, &build};
    lowerStatements(section->statements, context, build.fn.body);
  }
}

}  // namespace smc::flatten
