// The coupling graph on hand-built model descriptions (no FMU needed):
// direct feedthrough from ModelStructure dependencies, algebraic loops,
// and the propagation and Gauss-Seidel orders.
#include "cosim/CouplingGraph.h"

#include <gtest/gtest.h>

namespace smc::cosim {
namespace {

using importer::Causality;
using importer::ScalarVariable;

// A component with inputs u1.., outputs y1..; each output's dependencies
// are given as input numbers (1-based), or std::nullopt for "absent".
ComponentRun component(const std::string& name, std::size_t inputs,
                       std::vector<std::optional<std::vector<std::size_t>>> outputs) {
  ComponentRun run;
  run.name = name;
  importer::ModelDescription& md = run.session.description;
  for (std::size_t i = 1; i <= inputs; ++i) {
    ScalarVariable v;
    v.name = "u" + std::to_string(i);
    v.causality = Causality::Input;
    md.variables.push_back(v);
  }
  for (std::size_t o = 1; o <= outputs.size(); ++o) {
    ScalarVariable v;
    v.name = "y" + std::to_string(o);
    v.causality = Causality::Output;
    md.outputs.push_back(md.variables.size());
    md.variables.push_back(v);
    std::optional<std::vector<std::size_t>> deps;
    if (outputs[o - 1]) {
      deps.emplace();
      for (std::size_t input : *outputs[o - 1]) deps->push_back(input - 1);
    }
    md.outputDependencies.push_back(deps);
  }
  return run;
}

// Port of input `i` or output `o` (1-based) of component `c`.
Port input(std::size_t c, std::size_t i) { return {c, i - 1}; }
Port output(const CoupledSystem& s, std::size_t c, std::size_t o) {
  return {c, s.components[c].session.description.outputs[o - 1]};
}

void connect(CoupledSystem& system, Port from, Port to) {
  Link link;
  link.from = from;
  link.to = to;
  system.links.push_back(link);
}

using Deps = std::optional<std::vector<std::size_t>>;

TEST(CouplingGraph, AbsentDependenciesMeanEveryInput) {
  ComponentRun run = component("c", 2, {Deps{}});
  EXPECT_EQ(feedthroughInputs(run.session.description, 2), (std::vector<std::size_t>{0, 1}));
}

TEST(CouplingGraph, ListedDependenciesKeepOnlyInputs) {
  ComponentRun run = component("c", 2, {Deps{std::vector<std::size_t>{2}}});
  EXPECT_EQ(feedthroughInputs(run.session.description, 2), (std::vector<std::size_t>{1}));
  ComponentRun none = component("d", 2, {Deps{std::vector<std::size_t>{}}});
  EXPECT_TRUE(feedthroughInputs(none.session.description, 2).empty());
}

TEST(CouplingGraph, FeedbackThroughAStatefulFmuIsNotALoop) {
  CoupledSystem system;
  system.components.push_back(component("plant", 1, {Deps{std::vector<std::size_t>{}}}));
  system.components.push_back(component("ctrl", 1, {Deps{std::vector<std::size_t>{1}}}));
  connect(system, output(system, 0, 1), input(1, 1));
  connect(system, output(system, 1, 1), input(0, 1));
  auto orders = orderCoupling(system);
  ASSERT_TRUE(std::holds_alternative<CouplingOrders>(orders));
  // plant.y has no inputs behind it, so plant.y -> ctrl.u goes first.
  EXPECT_EQ(std::get<CouplingOrders>(orders).propagationOrder, (std::vector<std::size_t>{0, 1}));
}

TEST(CouplingGraph, PropagationReadsAFeedthroughOutputAfterItsInputIsSet) {
  CoupledSystem system;
  system.components.push_back(component("gain", 1, {Deps{std::vector<std::size_t>{1}}}));
  system.components.push_back(component("sink", 1, {Deps{std::vector<std::size_t>{}}}));
  system.components.push_back(component("source", 0, {Deps{std::vector<std::size_t>{}}}));
  connect(system, output(system, 0, 1), input(1, 1));  // gain.y -> sink.u, listed first
  connect(system, output(system, 2, 1), input(0, 1));  // source.y -> gain.u
  auto orders = orderCoupling(system);
  ASSERT_TRUE(std::holds_alternative<CouplingOrders>(orders));
  const CouplingOrders& found = std::get<CouplingOrders>(orders);
  EXPECT_EQ(found.propagationOrder, (std::vector<std::size_t>{1, 0}));
  EXPECT_EQ(found.stepOrder, (std::vector<std::size_t>{2, 0, 1}));
}

TEST(CouplingGraph, RingOfFeedthroughsIsAnAlgebraicLoop) {
  CoupledSystem system;
  system.components.push_back(component("g1", 1, {Deps{}}));
  system.components.push_back(component("g2", 1, {Deps{std::vector<std::size_t>{1}}}));
  connect(system, output(system, 0, 1), input(1, 1));
  connect(system, output(system, 1, 1), input(0, 1));
  auto orders = orderCoupling(system);
  ASSERT_TRUE(std::holds_alternative<AlgebraicLoopFound>(orders));
  const AlgebraicLoopFound& loop = std::get<AlgebraicLoopFound>(orders);
  EXPECT_EQ(loop.ports.size(), 4u);  // g1.y, g2.u, g2.y, g1.u
  EXPECT_EQ(loop.links.size(), 2u);
}

TEST(CouplingGraph, OutputIndependentOfTheLoopingInputBreaksTheLoop) {
  // g2.y1 depends on u1 only; the ring goes through u2.
  CoupledSystem system;
  system.components.push_back(component("g1", 1, {Deps{}}));
  system.components.push_back(component("g2", 2, {Deps{std::vector<std::size_t>{1}}}));
  connect(system, output(system, 0, 1), input(1, 2));
  connect(system, output(system, 1, 1), input(0, 1));
  EXPECT_TRUE(std::holds_alternative<CouplingOrders>(orderCoupling(system)));
}

TEST(CouplingGraph, StepOrderKeepsDocumentOrderInsideAFeedbackLoop) {
  CoupledSystem system;
  system.components.push_back(component("b", 1, {Deps{std::vector<std::size_t>{}}}));
  system.components.push_back(component("a", 1, {Deps{std::vector<std::size_t>{}}}));
  system.components.push_back(component("src", 0, {Deps{std::vector<std::size_t>{}}}));
  system.components.push_back(component("tail", 1, {Deps{std::vector<std::size_t>{}}}));
  connect(system, output(system, 0, 1), input(1, 1));  // b -> a
  connect(system, output(system, 1, 1), input(0, 1));  // a -> b
  connect(system, output(system, 2, 1), input(3, 1));  // src -> tail
  auto orders = orderCoupling(system);
  ASSERT_TRUE(std::holds_alternative<CouplingOrders>(orders));
  EXPECT_EQ(std::get<CouplingOrders>(orders).stepOrder, (std::vector<std::size_t>{0, 1, 2, 3}));
}

}  // namespace
}  // namespace smc::cosim
