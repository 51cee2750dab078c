// Records inside functions (spec 12.6) and operator records (spec 14) end
// to end: record inputs, outputs and locals, nested records, a record
// output whose fields are bound to inputs, a record input's default, a
// record output assigned in a tuple, a vectorized call over an array of
// records, a constructor of a record whose extends clause sets a default;
// an operator record with overloaded
// constructors and operators, the conversion of a Real operand through the
// constructor, record constants, if-expressions and arrays of records, and
// the errors of an operator no function takes. Expectations are worked out
// by hand from the function bodies.
#include "e2e/E2eSupport.h"

#include <gtest/gtest.h>

namespace {

using smc::importer::SimulateOptions;
using smc::importer::SimulationResult;
using smc::test::compileErrors;
using smc::test::compileModel;
using smc::test::simulateOk;
using smc::test::valueAt;
using smc::test::writeScratchModel;

SimulateOptions optionsFor(const std::string& fmu) { return smc::test::simulationOf(fmu, 1, 0.25, true); }

std::function<void(smc::CompileOptions&)> named(const std::string& model) {
  return [model](smc::CompileOptions& options) { options.modelName = model; };
}

constexpr const char* recordFunctionsModel = R"(package RecordFunctions
  record Point
    Real x;
    Real y;
  end Point;
  record Segment
    Point a;
    Point b;
  end Segment;
  record Point3
    extends Point(y = 7);
    Real z = 1;
  end Point3;
  function chained
    input Point p;
    output Real r;
  protected
    Real twice = 2 * p.x;
    Real next = twice + 1;
  algorithm
    r := next;
  end chained;
  function sumOf
    input Point3 p;
    output Real s = p.x + p.y + p.z;
  algorithm
  end sumOf;
  function middle
    input Segment s;
    output Point m;
  algorithm
    m := Point((s.a.x + s.b.x) / 2, (s.a.y + s.b.y) / 2);
  end middle;
  function squaredDistance
    input Point p;
    input Point q = Point(0, 0);
    output Real d;
  protected
    Point difference;
  algorithm
    difference.x := p.x - q.x;
    difference.y := p.y - q.y;
    d := difference.x ^ 2 + difference.y ^ 2;
  end squaredDistance;
  function shifted
    input Point p;
    input Real dx;
    output Point q(x = p.x + dx, y = p.y);
  algorithm
  end shifted;
  function split
    input Point p;
    output Real sum;
    output Point swapped;
  algorithm
    sum := p.x + p.y;
    swapped := Point(p.y, p.x);
  end split;
  function boundLocal "the local's binding, not its class's field defaults"
    input Real a;
    output Real s;
  protected
    Point3 p = Point3(x = a, y = 2, z = 3);
  algorithm
    s := p.x + p.y + p.z;
  end boundLocal;
  model Use
    Segment s(a(x = time, y = 0), b(x = 3, y = 4));
    Point m = middle(s);
    Real d = squaredDistance(m);
    Real d2 = squaredDistance(m, Point(1, 2));
    Point q;
    Real total;
    Point swapped;
    Real ds[2] = squaredDistance({Point(1, 0), Point(0, 2)});
    Real s3 = sumOf(Point3(x = time));
    Real ch = chained(m);
    Real bl = boundLocal(time);
  equation
    q = shifted(m, 10);
    (total, swapped) = split(q);
  end Use;
end RecordFunctions;
)";

TEST(RecordsInFunctions, RecordInputsOutputsAndLocalsComputeFieldByField) {
  std::string model = writeScratchModel("RecordFunctions.mo", recordFunctionsModel);
  std::string fmu = compileModel(model, "RecordFunctions.fmu", named("RecordFunctions.Use"));
  SimulationResult r = simulateOk(optionsFor(fmu));
  // m = ((t + 3)/2, (0 + 4)/2) = ((t + 3)/2, 2); at t = 0.5: (1.75, 2).
  EXPECT_NEAR(valueAt(r, "m.x", 0.5), 1.75, 1e-12);
  EXPECT_NEAR(valueAt(r, "m.y", 0.5), 2, 1e-12);
  // |m|^2 with the default q = (0, 0): 1.75^2 + 4; from (1, 2): 0.75^2.
  EXPECT_NEAR(valueAt(r, "d", 0.5), 1.75 * 1.75 + 4, 1e-12);
  EXPECT_NEAR(valueAt(r, "d2", 0.5), 0.75 * 0.75, 1e-12);
  // The output's fields bound to the inputs: (1.75 + 10, 2).
  EXPECT_NEAR(valueAt(r, "q.x", 0.5), 11.75, 1e-12);
  EXPECT_NEAR(valueAt(r, "q.y", 0.5), 2, 1e-12);
  EXPECT_NEAR(valueAt(r, "total", 0.5), 13.75, 1e-12);
  EXPECT_NEAR(valueAt(r, "swapped.x", 0.5), 2, 1e-12);
  EXPECT_NEAR(valueAt(r, "swapped.y", 0.5), 11.75, 1e-12);
  // A vectorized call over an array of records (spec 12.4.6): |(1, 0)|^2, |(0, 2)|^2.
  EXPECT_NEAR(valueAt(r, "ds[1]", 0.5), 1, 1e-12);
  EXPECT_NEAR(valueAt(r, "ds[2]", 0.5), 4, 1e-12);
  // Point3(x = t) takes y = 7 from its extends clause and z = 1: t + 8.
  EXPECT_NEAR(valueAt(r, "s3", 0.5), 8.5, 1e-12);
  // Locals bound to earlier locals (twice = 3.5, next = 4.5), never assigned.
  EXPECT_NEAR(valueAt(r, "ch", 0.5), 4.5, 1e-12);
  // A record local bound whole takes y = 2 and z = 3 from its binding over
  // the class's defaults 7 and 1: t + 5.
  EXPECT_NEAR(valueAt(r, "bl", 0.5), 5.5, 1e-12);
}

// Records as SPICE3 writes them: a record of constants passed to a
// function (it has no field to pass, but takes its place among the
// inputs), a constant of a record input's class read through the input,
// and an extends clause that gives a field's attributes, not its value.
TEST(RecordsInFunctions, ConstantsOfARecordClassAreReadThroughARecordInput) {
  std::string model = writeScratchModel("RecordConstants.mo", R"(package RecordConstants
  record Constants
    constant Real gmin = 1e-3;
  end Constants;
  record Card
    parameter Real r = 2;
    constant Integer level = 3;
  end Card;
  record Line
    Real lambda = 0.5;
    Real gain = 4;
  end Line;
  record Line1
    extends Line(lambda(start = 0.0), gain(min = 0));
  end Line1;
  function scaled
    input Card card;
    input Constants k;
    input Real x;
    output Real y;
  algorithm
    y := card.level * card.r * x + k.gmin;
  end scaled;
  model Use
    parameter Card card(r = 5);
    Constants k;
    Real y = scaled(card, k, time);
    Line1 line = Line1(gain = 6);
    Real total = line.lambda + line.gain;
  end Use;
end RecordConstants;
)");
  std::string fmu = compileModel(model, "RecordConstants.fmu", named("RecordConstants.Use"));
  SimulationResult r = simulateOk(optionsFor(fmu));
  // 3 * 5 * t + 1e-3 at t = 0.5.
  EXPECT_NEAR(valueAt(r, "y", 0.5), 7.501, 1e-12);
  // The attributes leave lambda's default: 0.5 + 6.
  EXPECT_NEAR(valueAt(r, "total", 0.5), 6.5, 1e-12);
}

constexpr const char* operatorRecordModel = R"(package Operators
  operator record Cplx
    Real re;
    Real im;
    encapsulated operator 'constructor'
      function fromReal
        import Operators.Cplx;
        input Real re;
        input Real im = 0;
        output Cplx result(re = re, im = im);
      algorithm
      end fromReal;
    end 'constructor';
    encapsulated operator function '+'
      import Operators.Cplx;
      input Cplx a;
      input Cplx b;
      output Cplx c;
    algorithm
      c := Cplx(a.re + b.re, a.im + b.im);
    end '+';
    encapsulated operator '-'
      function negate
        import Operators.Cplx;
        input Cplx a;
        output Cplx c;
      algorithm
        c := Cplx(-a.re, -a.im);
      end negate;
      function subtract
        import Operators.Cplx;
        input Cplx a;
        input Cplx b;
        output Cplx c;
      algorithm
        c := Cplx(a.re - b.re, a.im - b.im);
      end subtract;
    end '-';
    encapsulated operator '*'
      function multiply
        import Operators.Cplx;
        input Cplx a;
        input Cplx b;
        output Cplx c;
      algorithm
        c := Cplx(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re);
      end multiply;
    end '*';
    encapsulated operator function '=='
      import Operators.Cplx;
      input Cplx a;
      input Cplx b;
      output Boolean same;
    algorithm
      same := a.re == b.re and a.im == b.im;
    end '==';
  end Cplx;
  constant Cplx j = Cplx(0, 1);
  model Use
    Cplx z = Cplx(time, 1);
    Cplx w;
    Cplx square = z * z;
    Cplx doubled = 2 * z;
    Cplx rotated = j * z;
    Cplx negated = -z;
    Cplx chosen = if time > 0.5 then z else -z;
    constant Cplx i1 = Cplx(0, 1) "a record constant of the model, not of a package";
    Cplx turned = -i1 * z;
    Cplx copied = i1;
    Cplx powers[3];
    Real realParts = sum(powers.re);
    Boolean same = z == Cplx(time, 1);
    Boolean differs = z == j;
  equation
    w = z - Cplx(1);
    powers = {Cplx(k) * z for k in 1:3};
  end Use;
end Operators;
)";

TEST(OperatorRecords, OverloadedOperatorsAndConstructorsComputeComplexArithmetic) {
  std::string model = writeScratchModel("Operators.mo", operatorRecordModel);
  std::string fmu = compileModel(model, "Operators.fmu", named("Operators.Use"));
  SimulationResult r = simulateOk(optionsFor(fmu));
  // z = t + i; at t = 0.25 and t = 0.75.
  EXPECT_NEAR(valueAt(r, "z.re", 0.25), 0.25, 1e-12);
  EXPECT_NEAR(valueAt(r, "z.im", 0.25), 1, 1e-12);
  // z - 1 (the constructor's default im = 0).
  EXPECT_NEAR(valueAt(r, "w.re", 0.25), -0.75, 1e-12);
  EXPECT_NEAR(valueAt(r, "w.im", 0.25), 1, 1e-12);
  // (t + i)^2 = t^2 - 1 + 2t i.
  EXPECT_NEAR(valueAt(r, "square.re", 0.25), 0.0625 - 1, 1e-12);
  EXPECT_NEAR(valueAt(r, "square.im", 0.25), 0.5, 1e-12);
  // 2 converted by fromReal(2): 2t + 2i.
  EXPECT_NEAR(valueAt(r, "doubled.re", 0.25), 0.5, 1e-12);
  EXPECT_NEAR(valueAt(r, "doubled.im", 0.25), 2, 1e-12);
  // i (t + i) = -1 + t i.
  EXPECT_NEAR(valueAt(r, "rotated.re", 0.25), -1, 1e-12);
  EXPECT_NEAR(valueAt(r, "rotated.im", 0.25), 0.25, 1e-12);
  EXPECT_NEAR(valueAt(r, "negated.re", 0.25), -0.25, 1e-12);
  EXPECT_NEAR(valueAt(r, "negated.im", 0.25), -1, 1e-12);
  // -i (t + i) = 1 - t i, from the model's own record constant.
  EXPECT_NEAR(valueAt(r, "turned.re", 0.25), 1, 1e-12);
  EXPECT_NEAR(valueAt(r, "turned.im", 0.25), -0.25, 1e-12);
  EXPECT_NEAR(valueAt(r, "copied.im", 0.25), 1, 1e-12);
  // -z before t = 0.5, z after.
  EXPECT_NEAR(valueAt(r, "chosen.im", 0.25), -1, 1e-12);
  EXPECT_NEAR(valueAt(r, "chosen.im", 0.75), 1, 1e-12);
  // powers[k] = k z: real parts t + 2t + 3t = 6t.
  EXPECT_NEAR(valueAt(r, "powers[3].im", 0.25), 3, 1e-12);
  EXPECT_NEAR(valueAt(r, "realParts", 0.75), 4.5, 1e-12);
  EXPECT_EQ(valueAt(r, "same", 0.75), 1);
  EXPECT_EQ(valueAt(r, "differs", 0.75), 0);
}

TEST(OperatorRecords, AnOperatorNoFunctionTakesIsALocatedError) {
  std::string text = operatorRecordModel;
  text.replace(text.find("Cplx doubled = 2 * z;"), 21, "Cplx doubled = z / z;");
  std::string model = writeScratchModel("OperatorsNoDivide.mo", text);
  std::string error = compileErrors(model, named("Operators.Use"));
  EXPECT_NE(error.find("OperatorsNoDivide.mo:63:20: error: operator record 'Operators.Cplx' defines no operator "
                       "'/'"),
            std::string::npos)
      << error;
}

TEST(OperatorRecords, AnOperandTheFunctionsDoNotTakeIsALocatedError) {
  std::string text = operatorRecordModel;
  text.replace(text.find("Cplx doubled = 2 * z;"), 21, "Cplx doubled = z * true;");
  std::string model = writeScratchModel("OperatorsBoolean.mo", text);
  std::string error = compileErrors(model, named("Operators.Use"));
  EXPECT_NE(error.find("OperatorsBoolean.mo:63:20: error: no function of operator '*' of 'Operators.Cplx' takes "
                       "operands of type Operators.Cplx and Boolean"),
            std::string::npos)
      << error;
}

TEST(OperatorRecords, ARecordWhereAScalarIsNeededIsALocatedError) {
  std::string text = operatorRecordModel;
  text.replace(text.find("Real realParts = sum(powers.re);"), 32, "Real realParts = 1 + z * z;  ");
  std::string model = writeScratchModel("OperatorsScalar.mo", text);
  std::string error = compileErrors(model, named("Operators.Use"));
  EXPECT_NE(error.find("error: this expression is a record of class 'Operators.Cplx', which is not allowed here"),
            std::string::npos)
      << error;
}

}  // namespace

// Record constants of packages as media write them: an array of records
// given element by element or by `each` modifications, inherited with a
// modification of the extends clause, and read field by field
// (`fc[2].b`, `one.v[2]`) or whole. Every value below is written in the model.
namespace {
TEST(RecordConstants, FieldsOfPackageRecordConstantsAndTheirElementsAreValues) {
  std::string model = writeScratchModel("RecordConstants.mo", R"(package RecordConstants
  record R
    Real a;
    Real b = 2;
    Real v[2] = {7, 8};
  end R;
  package Data
    constant R[2] rs = {R(a = 1), R(a = 3, b = 4)};
    constant R one = R(a = 5);
    constant R[2] each3(each a = 3);
    constant R single(a = 4, b = 6);
  end Data;
  package Base
    constant R[2] fc;
  end Base;
  package Impl
    extends Base(fc = Data.rs);
    model M
      Real x = fc[2].b + Data.one.a + Data.rs[1].a + fc[1].a + Data.one.v[2];
      Real w[2] = fc[1].v;
      Real y = Data.each3[2].a + Data.each3[1].b + Data.single.b;
      R r = Data.single;
    end M;
  end Impl;
end RecordConstants;
)");
  std::string fmu = compileModel(model, "RecordConstants.fmu", named("RecordConstants.Impl.M"));
  SimulationResult r = simulateOk(optionsFor(fmu));
  EXPECT_NEAR(valueAt(r, "x", 0.25), 4 + 5 + 1 + 1 + 8, 1e-12);
  EXPECT_NEAR(valueAt(r, "w[1]", 0.25), 7, 1e-12);
  EXPECT_NEAR(valueAt(r, "y", 0.25), 3 + 2 + 6, 1e-12);
  EXPECT_NEAR(valueAt(r, "r.a", 0.25), 4, 1e-12);
  EXPECT_NEAR(valueAt(r, "r.b", 0.25), 6, 1e-12);
}
}  // namespace

// As media functions are written: a record input with a String field the
// body never reads (left out of the flat function), and a record-valued
// if-expression whose condition the call's sizes decide, so the branch
// that does not fit them is never built. Reading the String is reported.
namespace {
TEST(RecordsInFunctions, UnreadStringFieldsAndBranchesTheSizesExcludeAreLeftOut) {
  std::string model = writeScratchModel("MediaFunctions.mo", R"(package MediaFunctions
  record Data
    String name;
    Real m;
  end Data;
  record State
    Real X[2];
  end State;
  constant Data water = Data(name = "water", m = 18);
  function molar
    input Data d;
    output Real y;
  algorithm
    y := 2 * d.m;
  end molar;
  function state
    input Real X[:];
    output State s;
  algorithm
    s := if size(X, 1) == 2 then State(X = X) else State(X = cat(1, X, {1 - sum(X)}));
  end state;
  function isWater
    input Data d;
    output Real n;
  algorithm
    n := if d.name == "water" then 1 else 0;
  end isWater;
  model M
    Real y = molar(water);
    State full = state({0.25, 0.75});
    State reduced = state({0.25});
  end M;
  model ReadsTheName
    Real n = isWater(water);
  end ReadsTheName;
end MediaFunctions;
)");
  SimulationResult r = simulateOk(optionsFor(compileModel(model, "MediaFunctions.fmu", named("MediaFunctions.M"))));
  EXPECT_NEAR(valueAt(r, "y", 0.25), 36, 1e-12);
  EXPECT_NEAR(valueAt(r, "full.X[2]", 0.25), 0.75, 1e-12);
  EXPECT_NEAR(valueAt(r, "reduced.X[2]", 0.25), 0.75, 1e-12);
  std::string errors = smc::test::compileErrors(model, named("MediaFunctions.ReadsTheName"));
  EXPECT_NE(errors.find("MediaFunctions.mo:26:13: error: not supported yet: String variables inside functions "
                        "('d.name')"),
            std::string::npos)
      << errors;
}
}  // namespace
