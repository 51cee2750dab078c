// External objects in a model (spec 12.9.7): a component whose class
// extends ExternalObject is one opaque pointer, a parameter. Its binding
// must call the class's constructor, which the FMU runs when it is
// initialized; the class's destructor, built here as a flat function for
// the component, runs when the instance is freed or reset.
#include "flatten/Flattener.h"

#include <fmt/format.h>

namespace smc::flatten {

namespace {

// The function `name` declared in external object class `cls`, or null.
ClassNode* lifecycleFunction(ClassTree& tree, ClassNode* cls, const char* name) {
  ClassNode* fn = tree.memberOf(cls, name);
  return fn && fn->def && fn->def->kind == ast::ClassKind::Function ? fn : nullptr;
}

}  // namespace

void Flattener::bindExternalObject(Component& c, ClassNode* cls) {
  if (c.vars.size() != 1) return;  // refused already (arrays are not supported)
  const flat::VarId id = c.vars[0];
  ClassNode* constructor = lifecycleFunction(tree_, cls, "constructor");
  ClassNode* destructor = lifecycleFunction(tree_, cls, "destructor");
  if (!constructor || !destructor) {
    diags_.errorf(cls->def->nameRange,
                  "external object class '{}' must declare the functions 'constructor' and 'destructor' "
                  "(spec 12.9.7)",
                  cls->path());
    diags_.note(c.decl->range, fmt::format("'{}' is declared here", c.name));
    return;
  }
  const ast::Expr* binding = c.mod.binding;
  ClassNode* called =
      binding && binding->kind == ast::ExprKind::Call ? calledFunction(*binding, c.mod.scope) : nullptr;
  if (!called || called->def != constructor->def) {
    diags_.errorf(binding ? binding->range : c.decl->range,
                  "external object '{}' must be bound to a call of its constructor, '{}(...)' (spec 12.9.7)",
                  c.name, cls->path());
    return;
  }
  if (!model_.variables[id].binding) return;  // the call failed, and said why
  // The destructor of this component: a call shape with one input, the
  // component itself.
  const FunctionInterface* interface = functionInterface(definingFunction(destructor));
  if (!interface) return;
  if (interface->numInputs != 1 || interface->numOutputs != 0 ||
      interface->variables[0].type != flat::BaseType::ExternalObject) {
    diags_.errorf(destructor->def->nameRange,
                  "the destructor of external object class '{}' must take the object as its only input and "
                  "have no output (spec 12.9.7)",
                  cls->path());
    return;
  }
  CallArguments arguments;
  arguments.interface = interface;
  arguments.name = destructor->path();
  arguments.given.push_back(Value::scalar(flat::makeVar(id, c.decl->nameRange)));
  arguments.ranges.push_back(c.decl->nameRange);
  flat::ExprPtr call = buildFunctionCall(arguments, c.decl->range, c.mod.scope);
  if (call) model_.variables[id].destructor = call->function;
}

}  // namespace smc::flatten
