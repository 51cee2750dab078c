// Stream connectors (spec 15): inStream() and actualStream() over the
// connection sets. Expected values follow from spec 15.2's mixing rule by
// hand: with two connectors inStream is the other's stream variable; with
// more, the others' values weighted by what flows out of each into the
// junction.
#include "e2e/E2eSupport.h"

#include <gtest/gtest.h>

#include <string>

namespace {

using smc::importer::SimulationResult;
using smc::test::compileErrors;
using smc::test::compileModel;
using smc::test::simulateOk;
using smc::test::simulationOf;
using smc::test::valueAt;
using smc::test::writeScratchModel;

const char* const kParts = R"(
  connector Port
    Real p;
    flow Real m_flow "into the component";
    stream Real h_outflow "what leaves the component when it flows out";
  end Port;
  model Source "pushes m into the port with enthalpy h"
    parameter Real m = 1;
    parameter Real h = 100;
    Port port;
    Real hSeen;
    Real hActual;
  equation
    port.m_flow = -m;
    port.h_outflow = h;
    hSeen = inStream(port.h_outflow);
    hActual = actualStream(port.h_outflow);
  end Source;
  model Sink "takes what comes at pressure 1"
    Port port;
    Real hIn;
    Real hActual;
  equation
    port.p = 1;
    port.h_outflow = 0;
    hIn = inStream(port.h_outflow);
    hActual = actualStream(port.h_outflow);
  end Sink;
)";

SimulationResult run(const std::string& name, const std::string& body) {
  const std::string text = "model " + name + "\n" + kParts + body + "end " + name + ";\n";
  const std::string fmu = compileModel(writeScratchModel(name + ".mo", text), name + ".fmu");
  return simulateOk(simulationOf(fmu, 1.0, 0.5, true));
}

TEST(StreamConnectors, TwoConnectorsSeeEachOthersStreamVariable) {
  SimulationResult r = run("TwoPorts", R"(
  Source source(h = 120);
  Sink sink;
equation
  connect(source.port, sink.port);
)");
  EXPECT_DOUBLE_EQ(valueAt(r, "sink.hIn", 1.0), 120);
  EXPECT_DOUBLE_EQ(valueAt(r, "source.hSeen", 1.0), 0);      // the sink's h_outflow
  EXPECT_DOUBLE_EQ(valueAt(r, "sink.hActual", 1.0), 120);    // flows in: inStream
  EXPECT_DOUBLE_EQ(valueAt(r, "source.hActual", 1.0), 120);  // flows out: its own
}

// At a junction of two sources (1 kg/s at 100, 3 kg/s at 300) and a sink,
// the sink sees (1*100 + 3*300) / 4 = 250; a source sees the other source
// only, since nothing flows out of the sink into the junction.
TEST(StreamConnectors, AJunctionMixesTheInflowsByTheirRates) {
  SimulationResult r = run("Junction", R"(
  Source a(m = 1, h = 100);
  Source b(m = 3, h = 300);
  Sink sink;
equation
  connect(a.port, sink.port);
  connect(b.port, sink.port);
)");
  EXPECT_NEAR(valueAt(r, "sink.hIn", 1.0), 250, 1e-9);
  EXPECT_NEAR(valueAt(r, "a.hSeen", 1.0), 300, 1e-6);
  EXPECT_NEAR(valueAt(r, "b.hSeen", 1.0), 100, 1e-6);
}

TEST(StreamConnectors, AnUnconnectedStreamIsItsOwnInStream) {
  SimulationResult r = run("Alone", R"(
  model Tank "its port is connected to nothing, so no flow"
    Port port;
    Real hSeen;
  equation
    port.p = 1;
    port.h_outflow = 42;
    hSeen = inStream(port.h_outflow);
  end Tank;
  Tank tank;
)");
  EXPECT_DOUBLE_EQ(valueAt(r, "tank.hSeen", 1.0), 42);
  EXPECT_DOUBLE_EQ(valueAt(r, "tank.port.m_flow", 1.0), 0);
}

TEST(StreamConnectors, OperatorsNeedAStreamVariable) {
  const std::string errors = compileErrors(writeScratchModel("NotStream.mo", std::string(R"(model NotStream
)") + kParts + R"(
  Sink sink;
  Real x;
equation
  x = inStream(sink.port.p);
end NotStream;
)"));
  EXPECT_NE(errors.find("inStream() needs a stream variable of a connector"), std::string::npos) << errors;
}

// A component's own connector passes streams through (spec 15.2, outside
// connectors): the sink inside `wrapped` sees the source outside it, and
// the source sees the inner sink's h_outflow through wrapped.port.
TEST(StreamConnectors, AComponentsOwnConnectorPassesStreamsThrough) {
  SimulationResult r = run("Through", R"(
  model Wrapped
    Port port;
    Sink sink;
  equation
    connect(port, sink.port);
  end Wrapped;
  Source source(h = 70);
  Wrapped wrapped;
equation
  connect(source.port, wrapped.port);
)");
  EXPECT_DOUBLE_EQ(valueAt(r, "wrapped.sink.hIn", 1.0), 70);
  EXPECT_DOUBLE_EQ(valueAt(r, "wrapped.port.h_outflow", 1.0), 0);
  EXPECT_DOUBLE_EQ(valueAt(r, "source.hSeen", 1.0), 0);
}

// Inside a wrapper, a junction mixes what comes in through the wrapper's
// port (2 kg/s at 500 from outside) with a source inside (2 kg/s at 100)
// for a sink inside: (2*500 + 2*100) / 4 = 300.
TEST(StreamConnectors, AJunctionInsideAComponentMixesWhatComesThroughItsPort) {
  SimulationResult r = run("Inner", R"(
  model Wrapped
    Port port;
    Source local(m = 2, h = 100);
    Sink sink;
  equation
    connect(port, sink.port);
    connect(local.port, sink.port);
  end Wrapped;
  model Feed
    Port port;
  equation
    port.m_flow = -2;
    port.h_outflow = 500;
  end Feed;
  Feed feed;
  Wrapped wrapped;
equation
  connect(feed.port, wrapped.port);
)");
  EXPECT_NEAR(valueAt(r, "wrapped.sink.hIn", 1.0), 300, 1e-9);
}

TEST(StreamConnectors, AStreamConnectsOnlyToAStream) {
  const std::string errors = compileErrors(writeScratchModel("Mixed.mo", std::string(R"(model Mixed
)") + kParts + R"(
  connector Plain
    Real p;
    flow Real m_flow;
    Real h_outflow;
  end Plain;
  Sink sink;
  Plain plain;
equation
  connect(sink.port, plain);
end Mixed;
)"));
  EXPECT_NE(errors.find("cannot connect the stream variable 'sink.port.h_outflow' to 'plain.h_outflow', which is "
                        "not a stream variable (spec 15.1)"),
            std::string::npos)
      << errors;
}

// The operators work in declaration equations too, before the connector
// is declared.
TEST(StreamConnectors, OperatorsWorkInBindings) {
  SimulationResult r = run("Bindings", R"(
  model Probe
    Real hIn = inStream(port.h_outflow);
    Real hActual = actualStream(port.h_outflow);
    Port port;
  equation
    port.p = 1;
    port.h_outflow = 0;
  end Probe;
  Source source(h = 80);
  Probe probe;
equation
  connect(source.port, probe.port);
)");
  EXPECT_DOUBLE_EQ(valueAt(r, "probe.hIn", 1.0), 80);
  EXPECT_DOUBLE_EQ(valueAt(r, "probe.hActual", 1.0), 80);
}

// actualStream() needs the connector's one flow variable (spec 15.1).
TEST(StreamConnectors, AStreamConnectorWithoutAFlowIsAnError) {
  const std::string errors = compileErrors(writeScratchModel("NoFlow.mo", R"(model NoFlow
  connector Bare
    Real p;
    stream Real h_outflow;
  end Bare;
  Bare port;
  Real h;
equation
  port.p = 1;
  port.h_outflow = 2;
  h = actualStream(port.h_outflow);
end NoFlow;
)"));
  EXPECT_NE(errors.find("the stream connector 'port' has no flow variable (spec 15.1 asks for one)"),
            std::string::npos)
      << errors;
}

}  // namespace
