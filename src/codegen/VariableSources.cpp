// See VariableSources.h.
#include "codegen/VariableSources.h"

#include <type_traits>

namespace smc::codegen {
namespace {

class SourceCollector {
public:
  explicit SourceCollector(std::vector<SourceRange>& sources) : sources_(sources) {}

  void blocks(const std::vector<causal::Block>& list) {
    for (const causal::Block& block : list) std::visit([&](const auto& b) { visit(b); }, block);
  }

private:
  void set(flat::VarId id, SourceRange range) {
    if (id < sources_.size() && range.valid()) sources_[id] = range;
  }
  void visit(const causal::Assign& a) { set(a.target, a.range); }
  void visit(const causal::AlgebraicLoop& loop) {
    SourceRange first = loop.ranges.empty() ? SourceRange{} : loop.ranges.front();
    for (flat::VarId id : loop.unknowns) set(id, first);
    for (const causal::Assign& a : loop.torn) visit(a);
  }
  void visit(const causal::WhenBlock& when) {
    for (flat::VarId id : when.targets) set(id, when.range);
  }
  void visit(const causal::AlgorithmBlock& algorithm) {
    for (flat::VarId id : algorithm.outputs) set(id, algorithm.range);
  }
  void visit(const causal::ClockedBlock& clocked) { blocks(clocked.blocks); }

  std::vector<SourceRange>& sources_;
};

}  // namespace

std::vector<SourceRange> variableSources(const causal::CausalModel& model) {
  std::vector<SourceRange> sources;
  sources.reserve(model.flat.variables.size());
  for (const flat::Variable& v : model.flat.variables) sources.push_back(v.range);
  SourceCollector collect(sources);
  collect.blocks(model.initialization);
  collect.blocks(model.eventBlocks);
  collect.blocks(model.indicatorBlocks);
  collect.blocks(model.outputBlocks);
  collect.blocks(model.derivativeBlocks);
  for (size_t i = 0; i < model.states.size() && i < model.derivatives.size(); ++i)
    if (sources[model.derivatives[i]].valid()) sources[model.states[i]] = sources[model.derivatives[i]];
  return sources;
}

std::vector<std::string> relationTexts(const causal::CausalModel& model) {
  std::vector<std::string> texts;
  for (const causal::ZeroCrossing& crossing : model.zeroCrossings) {
    std::string text;
    for (const std::vector<causal::Block>* list : {&model.eventBlocks, &model.initialization}) {
      for (const causal::Block& block : *list) {
        const auto* assign = std::get_if<causal::Assign>(&block);
        if (text.empty() && assign != nullptr && assign->target == crossing.relation && assign->value)
          text = flat::toString(*assign->value, model.flat);
      }
    }
    if (text.empty() && crossing.indicator)
      text = flat::toString(*crossing.indicator, model.flat) + " crossing zero";
    texts.push_back(std::move(text));
  }
  return texts;
}

std::vector<std::string> messageNames(const causal::CausalModel& model,
                                      const std::function<std::string(SourceRange)>& locate) {
  std::vector<std::string> names;
  names.reserve(model.flat.variables.size());
  for (const flat::Variable& v : model.flat.variables) names.push_back(v.name);
  for (const causal::Sample& s : model.samples) {
    if (s.flag < names.size()) names[s.flag] = "sample() at " + locate(s.range);
    if (s.counter < names.size()) names[s.counter] = "the tick counter of sample() at " + locate(s.range);
  }
  const std::vector<std::string> relations = relationTexts(model);
  for (size_t i = 0; i < model.zeroCrossings.size(); ++i) {
    flat::VarId id = model.zeroCrossings[i].relation;
    if (id >= names.size() || !model.flat.variables[id].isHidden) continue;
    const bool relation = model.flat.variables[id].type == flat::BaseType::Boolean;
    names[id] = (relation ? "relation '" : "'") + relations[i] + "' at " + locate(model.zeroCrossings[i].range);
  }
  return names;
}

}  // namespace smc::codegen
