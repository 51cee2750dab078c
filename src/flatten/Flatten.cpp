// The flattening driver: checks the top class is simulatable, instantiates
// it, lowers every equation, and reads the experiment and solverMethod
// annotations.
#include "flatten/Flatten.h"

#include "flatten/Flattener.h"

#include <fmt/format.h>

namespace smc {

using flatten::ClassNode;

namespace {

std::vector<std::string> splitDots(const std::string& name) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    size_t dot = name.find('.', start);
    parts.push_back(name.substr(start, dot - start));
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  return parts;
}

}  // namespace

ClassNode* selectTopClass(flatten::ClassTree& tree, const std::vector<ClassNode*>& fileClasses,
                          const std::string& modelName, DiagnosticEngine& diags) {
  if (!modelName.empty()) {
    ClassNode* cls = tree.find(splitDots(modelName), true, tree.root());
    if (!cls) diags.errorf({}, "model '{}' not found (give its full dotted name)", modelName);
    return cls;
  }
  if (fileClasses.size() == 1) return fileClasses[0];
  if (fileClasses.empty()) {
    diags.error({}, "the file defines no class");
    return nullptr;
  }
  std::vector<std::string> names;
  for (ClassNode* c : fileClasses) names.push_back(c->name);
  diags.errorf({}, "the file defines several classes ({}); choose one with --model",
               fmt::join(names, ", "));
  return nullptr;
}

namespace flatten {

std::optional<flat::FlatModel> Flattener::run(ClassNode* top) {
  const ast::ClassDef& def = *top->def;
  switch (def.kind) {
    case ast::ClassKind::Model:
    case ast::ClassKind::Block:
    case ast::ClassKind::Class:
      break;
    default:
      diags_.errorf(def.nameRange, "'{}' is a {}; only a model, block or class can be simulated",
                    top->path(), ast::toString(def.kind));
      return std::nullopt;
  }
  if (def.isPartial) {
    diags_.errorf(def.nameRange, "'{}' is partial and cannot be simulated", top->path());
    return std::nullopt;
  }
  model_.name = top->path();
  model_.description = def.description;
  model_.range = def.nameRange;
  top_ = std::make_unique<Instance>();
  instantiateClass(*top_, top, Mod{});
  elaborateExpandableConnectors();
  instantiated_ = true;
  lowerEquations(*top_);
  connections_.generateEquations(model_);
  generateStreamEquations();
  foldStructuralConditions();

  if (def.annotation) {
    for (const ast::ElementModification& arg : def.annotation->modification.arguments) {
      // The method of clocked discretized partitions (spec 16.8.2).
      if (arg.path.str() == "solverMethod" && arg.modification && arg.modification->binding) {
        auto value = evaluate(*arg.modification->binding, Scope{nullptr, top, nullptr});
        if (value && value->kind != Constant::String)
          diags_.error(arg.modification->binding->range, "annotation solverMethod must be a String");
        else if (value)
          model_.solverMethod = value->text;
        continue;
      }
      if (arg.path.str() != "experiment" || !arg.modification) continue;
      for (const ast::ElementModification& setting : arg.modification->arguments) {
        std::string key = setting.path.str();
        std::optional<double>* slot = key == "StartTime"   ? &model_.experiment.startTime
                                      : key == "StopTime"  ? &model_.experiment.stopTime
                                      : key == "Interval"  ? &model_.experiment.interval
                                      : key == "Tolerance" ? &model_.experiment.tolerance
                                                           : nullptr;
        if (!slot || !setting.modification || !setting.modification->binding) continue;
        auto value = evaluate(*setting.modification->binding, Scope{nullptr, top, nullptr});
        if (!value) continue;
        if (value->kind != Constant::Real && value->kind != Constant::Integer) {
          diags_.errorf(setting.range, "experiment {} must be a number", key);
          continue;
        }
        *slot = value->asReal();
      }
    }
  }
  if (diags_.hasErrors()) return std::nullopt;
  return std::move(model_);
}

}  // namespace flatten

std::optional<flat::FlatModel> flattenModel(flatten::ClassTree& tree, ClassNode* top, DiagnosticEngine& diags,
                                            std::shared_ptr<flat::ExternalRunner> externalRunner,
                                            std::vector<std::string> cDefines) {
  flatten::Flattener flattener(tree, diags);
  flattener.setExternalRunner(std::move(externalRunner));
  flattener.setCDefines(std::move(cDefines));
  return flattener.run(top);
}

}  // namespace smc
