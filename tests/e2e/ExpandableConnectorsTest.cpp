// Expandable connectors end to end (spec 9.1.3): signals and pins carried
// through buses that declare some elements and learn the rest from the
// connects, across the hierarchy. The expected values follow from the
// connection equations the spec derives, written out in each test.
#include "e2e/E2eSupport.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace {

using smc::importer::SimulationResult;
using smc::test::compileErrors;
using smc::test::compileModel;
using smc::test::simulateOk;
using smc::test::valueAt;
using smc::test::writeScratchModel;

const char* kSignals = R"(
  connector RealOutput = output Real;
  connector RealInput = input Real;
  connector IntegerOutput = output Integer;
  connector IntegerInput = input Integer;
  expandable connector Bus
    Real speed "declared and connected";
    Real unused "declared, never connected: absent";
  end Bus;
  expandable connector SubBus
  end SubBus;
  block Sensor
    RealOutput w;
    IntegerOutput gear;
    RealOutput many[3];
  equation
    w = 2 * time;
    gear = if time < 0.5 then 1 else 2;
    many = {1, 2, 3} * time;
  end Sensor;
  model SensorWithBus
    Bus bus;
    Sensor sensor;
  equation
    connect(sensor.w, bus.speed);
    connect(sensor.gear, bus.gear);
    connect(sensor.many, bus.many);
  end SensorWithBus;
  model ControllerWithBus
    Bus bus;
    RealInput u;
    RealInput v[3];
    IntegerInput gear;
    Real y = 10 * u + v[3] + gear;
  equation
    connect(bus.speed, u);
    connect(bus.many, v);
    connect(bus.gear, gear);
  end ControllerWithBus;
)";

// The sensor's side declares speed and adds gear and the array many; the
// controller's side names speed, many and gear too; connecting the two
// buses equates each element, so y = 10 * 2t + 3t + gear.
TEST(ExpandableConnectors, ElementsAddedByConnectsReachTheOtherSideOfConnectedBuses) {
  std::string model = writeScratchModel("BusSignals.mo", std::string("model BusSignals\n") + kSignals + R"(
  SensorWithBus s;
  ControllerWithBus c;
equation
  connect(s.bus, c.bus);
end BusSignals;
)");
  SimulationResult r = simulateOk(smc::test::simulationOf(compileModel(model, "BusSignals.fmu"), 1, 0.25, true));
  for (double t : {0.25, 0.75, 1.0}) {
    const double gear = t < 0.5 ? 1 : 2;
    EXPECT_NEAR(valueAt(r, "c.y", t), 23 * t + gear, 1e-9) << "t = " << t;
    EXPECT_NEAR(valueAt(r, "c.bus.many[2]", t), 2 * t, 1e-9) << "t = " << t;
    EXPECT_NEAR(valueAt(r, "s.bus.gear", t), gear, 1e-9) << "t = " << t;
  }
  // Declared but connected nowhere: absent, so it has no variable.
  for (const char* absent : {"s.bus.unused", "c.bus.unused"})
    EXPECT_EQ(std::count(r.columns.begin(), r.columns.end(), absent), 0) << absent;
}

// A bus that declares nothing gets a sub-bus from one part; a second part's
// sub-bus joins the same augmentation set through it, so the signal the
// first part puts on its sub-bus arrives at the second.
TEST(ExpandableConnectors, NestedBusesAddedByConnectsJoinOneAugmentationSet) {
  std::string model = writeScratchModel("NestedBus.mo", std::string("model NestedBus\n") + kSignals + R"(
  expandable connector Empty
  end Empty;
  model Source
    SubBus sub;
    RealOutput y = 5 + time;
  equation
    connect(y, sub.x);
  end Source;
  model Reader
    SubBus sub;
    RealInput u;
    Real twice = 2 * u;
  equation
    connect(sub.x, u);
  end Reader;
  Empty bus;
  Source source;
  Reader reader;
equation
  connect(source.sub, bus.sub);
  connect(reader.sub, bus.sub);
end NestedBus;
)");
  SimulationResult r = simulateOk(smc::test::simulationOf(compileModel(model, "NestedBus.fmu"), 1, 0.5, true));
  for (double t : {0.5, 1.0}) {
    EXPECT_NEAR(valueAt(r, "reader.twice", t), 2 * (5 + t), 1e-9) << "t = " << t;
    EXPECT_NEAR(valueAt(r, "bus.sub.x", t), 5 + t, 1e-9) << "t = " << t;
  }
}

const char* kPins = R"(
  connector Pin
    Real v;
    flow Real i;
  end Pin;
  model Resistor
    Pin p, n;
    parameter Real R;
    Real i = p.i;
  equation
    p.v - n.v = R * p.i;
    0 = p.i + n.i;
  end Resistor;
  model Source
    Pin p, n;
    parameter Real V;
    Real i = p.i;
  equation
    p.v - n.v = V;
    0 = p.i + n.i;
  end Source;
  model Ground
    Pin p;
  equation
    p.v = 0;
  end Ground;
  expandable connector PowerBus
  end PowerBus;
  model Supply
    PowerBus bus;
    Source source(V = 4);
    Ground ground;
  equation
    connect(source.p, bus.plus);
    connect(source.n, ground.p);
  end Supply;
  model Load
    PowerBus bus;
    Resistor r(R = 2);
    Ground ground;
  equation
    connect(bus.plus, r.p);
    connect(r.n, ground.p);
  end Load;
)";

// A pin added to a bus carries its flow: 4 V across 2 ohm through two
// buses gives 2 A, leaving the source's positive pin (p.i = -2). A load
// whose bus connects to nothing is open: its added flow starts in sets of
// its own as inside and outside (spec 9.2), so no current flows.
TEST(ExpandableConnectors, PinsAddedToBusesCarryTheirFlowOrAreOpen) {
  std::string model = writeScratchModel("PowerBus.mo", std::string("model PowerBusCircuit\n") + kPins + R"(
  Supply supply;
  Load load;
  Load open;
equation
  connect(supply.bus, load.bus);
end PowerBusCircuit;
)");
  SimulationResult r = simulateOk(smc::test::simulationOf(compileModel(model, "PowerBus.fmu"), 1, 0.5, true));
  EXPECT_NEAR(valueAt(r, "load.r.i", 1), 2, 1e-9);
  EXPECT_NEAR(valueAt(r, "supply.source.i", 1), -2, 1e-9);
  EXPECT_NEAR(valueAt(r, "open.r.i", 1), 0, 1e-12);
}

TEST(ExpandableConnectors, ReadingAnElementNoConnectMakesPresentIsALocatedError) {
  std::string model = writeScratchModel("AbsentElement.mo", std::string("model AbsentElement\n") + kSignals + R"(
  SensorWithBus s;
  Real z = s.bus.unused;
end AbsentElement;
)");
  std::string errors = compileErrors(model);
  EXPECT_NE(errors.find("AbsentElement.mo:"), std::string::npos) << errors;
  EXPECT_NE(errors.find("'unused' is an element of the expandable connector 's.bus' that no connect() makes "
                        "present"),
            std::string::npos)
      << errors;
  EXPECT_NE(errors.find("'unused' is declared here"), std::string::npos) << errors;
}

TEST(ExpandableConnectors, ConnectingTwoUndeclaredElementsIsAnError) {
  std::string model = writeScratchModel("BothUndeclared.mo", std::string("model BothUndeclared\n") + kSignals + R"(
  SubBus a, b;
equation
  connect(a.x, b.x);
end BothUndeclared;
)");
  std::string errors = compileErrors(model);
  EXPECT_NE(errors.find("cannot connect 'a.x' and 'b.x': neither is declared"), std::string::npos) << errors;
}

TEST(ExpandableConnectors, ConnectingABusToAPlainConnectorIsAnError) {
  std::string model = writeScratchModel("BusToPin.mo", std::string("model BusToPin\n") + kPins + R"(
  PowerBus bus;
  Resistor r(R = 1);
equation
  connect(bus, r.p);
end BusToPin;
)");
  std::string errors = compileErrors(model);
  EXPECT_NE(errors.find("'bus' is an expandable connector, which connects only to expandable connectors"),
            std::string::npos)
      << errors;
}

}  // namespace
