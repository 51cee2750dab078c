// Arrays of records inside functions (spec 12.6, 10.1): inputs, outputs
// and locals that are arrays of records, elements picked by subscripts
// known at translation or only when the function runs, slices of a field
// (`v[:].re`, `v.im`), a matrix of records filled element by element, an
// overloaded operator taking arrays of records (Complex's scalarProduct)
// chosen for `a*b` of two arrays, a field's default in every element, and
// arrays of records returned to the model; arrays of operator records in a
// model. Expectations are worked out by hand from the function bodies.
#include "e2e/E2eSupport.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using smc::importer::SimulationResult;
using smc::test::compileErrors;
using smc::test::compileModel;
using smc::test::simulateOk;
using smc::test::valueAt;
using smc::test::writeScratchModel;

std::function<void(smc::CompileOptions&)> named(const std::string& model) {
  return [model](smc::CompileOptions& options) { options.modelName = model; };
}

constexpr const char* recordArraysModel = R"(package RA
  operator record Cx
    Real re;
    Real im;
    encapsulated operator 'constructor'
      function fromReal
        import RA.Cx;
        input Real re;
        input Real im = 0;
        output Cx result(re = re, im = im);
      algorithm
      end fromReal;
    end 'constructor';
    encapsulated operator '*'
      function multiply
        import RA.Cx;
        input Cx a;
        input Cx b;
        output Cx c;
      algorithm
        c := Cx(a.re*b.re - a.im*b.im, a.re*b.im + a.im*b.re);
      end multiply;
      function scalarProduct
        import RA.Cx;
        input Cx a[:];
        input Cx b[size(a, 1)];
        output Cx c;
      algorithm
        c := Cx(0);
        for k in 1:size(a, 1) loop
          c := c + a[k]*b[k];
        end for;
      end scalarProduct;
    end '*';
    encapsulated operator '-'
      function negate
        import RA.Cx;
        input Cx a;
        output Cx c = Cx(-a.re, -a.im);
      algorithm
      end negate;
      function subtract
        import RA.Cx;
        input Cx a;
        input Cx b;
        output Cx c = Cx(a.re - b.re, a.im - b.im);
      algorithm
      end subtract;
    end '-';
    encapsulated operator function '+'
      import RA.Cx;
      input Cx a;
      input Cx b;
      output Cx c = Cx(a.re + b.re, a.im + b.im);
    algorithm
    end '+';
  end Cx;
  function largest
    input Cx v[:];
    output Cx result;
    output Integer index;
  protected
    Real best;
  algorithm
    index := 1;
    best := v[1].re^2 + v[1].im^2;
    for i in 2:size(v, 1) loop
      if v[i].re^2 + v[i].im^2 > best then
        best := v[i].re^2 + v[i].im^2;
        index := i;
      end if;
    end for;
    result := v[index];
  end largest;
  function total
    input Cx v[:];
    output Cx result;
  algorithm
    result := Cx(sum(v[:].re), sum(v.im));
  end total;
  function rotations
    input Integer n;
    input Real w;
    output Cx m[n, n];
  algorithm
    for i in 1:n loop
      for j in 1:n loop
        m[i, j] := Cx(cos(w*(i - j)), sin(w*(i - j)));
      end for;
    end for;
  end rotations;
  function realParts
    input Cx v[:];
    output Real r[size(v, 1)];
  algorithm
    r := {v[k].re for k in 1:size(v, 1)};
  end realParts;
  record Pt
    Real x;
    Real y = 5;
  end Pt;
  function defaults
    input Integer n;
    output Pt v[n];
  algorithm
    for k in 1:n loop
      v[k].x := k;
    end for;
  end defaults;
  model M
    Cx a[3] = {Cx(1, 2), Cx(time, 0), Cx(0, -3)};
    Cx b[3] = {Cx(2), Cx(1, 1), Cx(1, -1)};
    Cx p = a*b;
    Cx big;
    Integer where;
    Cx t = total(a);
    Cx m[2, 2] = rotations(2, time);
    Real r[3] = realParts(a);
    Pt d[2] = defaults(2);
  equation
    (big, where) = largest(a);
  end M;
  model Holder
    Cx v;
  end Holder;
  model Plug
    Holder pin[3];
  end Plug;
  function fromPolar
    input Real len;
    input Real phi;
    output Cx c = Cx(len*cos(phi), len*sin(phi));
  algorithm
  end fromPolar;
  function rms
    input Cx u[:];
    output Real y;
  protected
    Integer m = size(u, 1);
  algorithm
    y := sum({sqrt(u[k].re^2 + u[k].im^2) for k in 1:m})/m;
  end rms;
  function pairs
    input Integer n;
    output Integer ind[2*n];
  algorithm
    for k in 1:n loop
      ind[2*(k - 1) + 1:2*k] := {k, -k};
    end for;
  end pairs;
  model Slices
    Plug a, b;
    Cx d[3];
    Cx s[3] = fill(Cx(1, 2), 3);
    Cx p[3] = fromPolar(fill(2, 3), {0, 0.5, 1});
    Cx neg[3] = -s;
    Cx scaled[3] = 2*s;
    Real r = rms(p);
    Integer ind[4] = pairs(2);
  equation
    for k in 1:3 loop
      a.pin[k].v = Cx(k, time);
      b.pin[k].v = Cx(time, -k);
    end for;
    d = a.pin.v - b.pin.v;
  end Slices;
end RA;
)";

// a = {1 + 2i, t, -3i}, b = {2, 1 + i, 1 - i}.
TEST(RecordArraysInFunctions, ArraysOfRecordsComputeElementByElement) {
  std::string model = writeScratchModel("RA.mo", recordArraysModel);
  std::string fmu = compileModel(model, "RA.fmu", named("RA.M"));
  SimulationResult r = simulateOk(smc::test::simulationOf(fmu, 1, 0.5, true));
  // a*b = sum a[k]*b[k] = (2 + 4i) + t(1 + i) + (-3 - 3i).
  for (double t : {0.0, 0.5, 1.0}) {
    EXPECT_DOUBLE_EQ(valueAt(r, "p.re", t), -1 + t) << t;
    EXPECT_DOUBLE_EQ(valueAt(r, "p.im", t), 1 + t) << t;
  }
  // The largest |a[k]| is |-3i| = 3, picked by an index found when the function runs.
  EXPECT_EQ(valueAt(r, "where", 1), 3);
  EXPECT_EQ(valueAt(r, "big.re", 1), 0);
  EXPECT_EQ(valueAt(r, "big.im", 1), -3);
  // total: sum(v[:].re) and sum(v.im).
  EXPECT_DOUBLE_EQ(valueAt(r, "t.re", 0.5), 1.5);
  EXPECT_DOUBLE_EQ(valueAt(r, "t.im", 0.5), -1);
  // m[i, j] = cos(t (i - j)) + i sin(t (i - j)).
  EXPECT_DOUBLE_EQ(valueAt(r, "m[1,2].re", 1), std::cos(-1.0));
  EXPECT_DOUBLE_EQ(valueAt(r, "m[1,2].im", 1), std::sin(-1.0));
  EXPECT_DOUBLE_EQ(valueAt(r, "m[2,1].im", 1), std::sin(1.0));
  EXPECT_DOUBLE_EQ(valueAt(r, "m[2,2].re", 1), 1);
  // realParts builds {v[k].re for k}.
  EXPECT_DOUBLE_EQ(valueAt(r, "r[1]", 0.5), 1);
  EXPECT_DOUBLE_EQ(valueAt(r, "r[2]", 0.5), 0.5);
  EXPECT_DOUBLE_EQ(valueAt(r, "r[3]", 0.5), 0);
  // defaults assigns only x; every element's y keeps its default 5.
  EXPECT_EQ(valueAt(r, "d[1].x", 0), 1);
  EXPECT_EQ(valueAt(r, "d[2].x", 0), 2);
  EXPECT_EQ(valueAt(r, "d[1].y", 0), 5);
  EXPECT_EQ(valueAt(r, "d[2].y", 0), 5);
}

// Arrays of operator records in a model: the records a slice of an array of
// components names (`a.pin.v`), operators applied element by element (spec
// 14.4: `-`, array - array, scalar * array), fill() of a record, a function
// returning a record called over arrays (spec 12.4.6), a function sizing a
// loop by size() of an array of records, and a slice `ind[i:j]` whose bounds
// vary in a loop but whose length does not.
TEST(RecordArraysInModels, SlicesOperatorsAndVectorizedCallsGiveArraysOfRecords) {
  std::string model = writeScratchModel("RA.mo", recordArraysModel);
  std::string fmu = compileModel(model, "Slices.fmu", named("RA.Slices"));
  SimulationResult r = simulateOk(smc::test::simulationOf(fmu, 1, 0.5, true));
  // d[k] = a.pin[k].v - b.pin[k].v = (k - t) + (t + k) i.
  for (double t : {0.0, 0.5, 1.0})
    for (int k = 1; k <= 3; ++k) {
      EXPECT_DOUBLE_EQ(valueAt(r, "d[" + std::to_string(k) + "].re", t), k - t) << t;
      EXPECT_DOUBLE_EQ(valueAt(r, "d[" + std::to_string(k) + "].im", t), k + t) << t;
    }
  EXPECT_EQ(valueAt(r, "s[2].re", 0), 1);
  EXPECT_EQ(valueAt(r, "s[2].im", 0), 2);
  EXPECT_EQ(valueAt(r, "neg[3].re", 0), -1);
  EXPECT_EQ(valueAt(r, "neg[3].im", 0), -2);
  EXPECT_EQ(valueAt(r, "scaled[1].re", 0), 2);
  EXPECT_EQ(valueAt(r, "scaled[1].im", 0), 4);
  EXPECT_DOUBLE_EQ(valueAt(r, "p[2].re", 0), 2 * std::cos(0.5));
  EXPECT_DOUBLE_EQ(valueAt(r, "p[2].im", 0), 2 * std::sin(0.5));
  EXPECT_DOUBLE_EQ(valueAt(r, "p[3].im", 0), 2 * std::sin(1.0));
  EXPECT_DOUBLE_EQ(valueAt(r, "r", 0), 2);
  EXPECT_EQ(valueAt(r, "ind[1]", 0), 1);
  EXPECT_EQ(valueAt(r, "ind[2]", 0), -1);
  EXPECT_EQ(valueAt(r, "ind[3]", 0), 2);
  EXPECT_EQ(valueAt(r, "ind[4]", 0), -2);
}

// {{r for j} for i} and {{r1, r2}, {r2, r1}}: a matrix of records, element
// [i, j] the inner constructor's j-th (the Batteries' stack cell data).
TEST(RecordArraysInModels, NestedConstructorsOfRecordsMakeAMatrix) {
  std::string model = writeScratchModel("RecordMatrix.mo", R"(model RecordMatrix
  record R
    Real a;
    Real b = 2;
  end R;
  parameter R r1(a = 1);
  parameter R r2(a = 5);
  parameter R m[2, 3] = {{if i == j then r1 else r2 for j in 1:3} for i in 1:2};
  parameter R n[2, 2] = {{r1, r2}, {r2, r1}};
  Real y = m[2, 2].a + 10*m[1, 2].a + 100*n[1, 2].a + 1000*m[2, 3].b;
end RecordMatrix;
)");
  std::string fmu = compileModel(model, "RecordMatrix.fmu");
  SimulationResult r = simulateOk(smc::test::simulationOf(fmu, 1, 0.5, true));
  // m[2, 2] is r1, m[1, 2] and n[1, 2] are r2, every b is 2.
  EXPECT_EQ(valueAt(r, "y", 0), 1 + 10 * 5 + 100 * 5 + 1000 * 2);
}

// The MSL Batteries' stack data: a redeclaration without dimensions keeps
// the original declaration's (spec 7.3.2: `redeclare Cell2 c` of `Cell
// c[Ns, Np]`, with its binding), and a record modifier without `each` on
// an array of components gives element [i, j] the record s.c[i, j] (spec
// 7.2.5).
TEST(RecordArraysInModels, ARedeclaredArrayOfRecordsKeepsItsDimensionsAndSplitsOverComponents) {
  std::string model = writeScratchModel("SplitRecords.mo", R"(model SplitRecords
  record Cell
    parameter Real Q = 1;
    parameter Real R = 2;
  end Cell;
  record Cell2
    extends Cell;
    parameter Real C = 3;
  end Cell2;
  record BaseStack
    parameter Integer Ns = 2;
    parameter Integer Np = 3;
    parameter Integer k[:, 2] = {{0, 0}};
    replaceable parameter Cell a;
    replaceable parameter Cell b;
    replaceable parameter Cell c[Ns, Np] = {{if ks == k[1, 1] and kp == k[1, 2] then a else b for kp in 1:Np} for ks in 1:Ns};
  end BaseStack;
  record Stack
    extends BaseStack(redeclare Cell2 a, redeclare Cell2 b, redeclare Cell2 c);
  end Stack;
  model Battery
    parameter Cell2 data;
    Real q = data.Q + 10*data.C;
  end Battery;
  parameter Cell2 a0(Q = 7, C = 4);
  parameter Stack s(k = [2, 2], a = a0);
  Battery cells[s.Ns, s.Np](data = s.c);
  Real y = s.c[2, 2].Q + 10*s.c[1, 2].Q + 100*s.c[2, 3].C;
end SplitRecords;
)");
  std::string fmu = compileModel(model, "SplitRecords.fmu");
  SimulationResult r = simulateOk(smc::test::simulationOf(fmu, 1, 0.5, true));
  // k = [2, 2] puts a0 (Q = 7, C = 4) at c[2, 2]; every other element is b (Q = 1, C = 3).
  EXPECT_EQ(valueAt(r, "y", 0), 7 + 10 * 1 + 100 * 3);
  EXPECT_EQ(valueAt(r, "cells[2,2].q", 0), 7 + 10 * 4);
  EXPECT_EQ(valueAt(r, "cells[1,3].q", 0), 1 + 10 * 3);
}

TEST(RecordArraysInFunctions, ASingleRecordGivenForAnArrayIsALocatedError) {
  std::string model = writeScratchModel("RecordForArray.mo", R"(model RecordForArray
  record Point
    Real x;
  end Point;
  function first
    input Point ps[:];
    output Real x;
  algorithm
    x := ps[1].x;
  end first;
  Point p = Point(time);
  Real x = first(p);
end RecordForArray;
)");
  std::string error = compileErrors(model);
  EXPECT_NE(error.find("RecordForArray.mo:12:18: error: argument 1 ('ps') of 'RecordForArray.first' must be an "
                       "array of records with 1 dimension(s), not a single record"),
            std::string::npos)
      << error;
}

TEST(RecordArraysInFunctions, ASubscriptOnASingleRecordIsALocatedError) {
  std::string model = writeScratchModel("SubscriptedRecord.mo", R"(model SubscriptedRecord
  record Point
    Real x;
  end Point;
  function first
    input Point p;
    output Real x;
  algorithm
    x := p[1].x;
  end first;
  Real x = first(Point(time));
end SubscriptedRecord;
)");
  std::string error = compileErrors(model);
  EXPECT_NE(error.find("SubscriptedRecord.mo:9:10: error: 'p' is a record, not an array"), std::string::npos)
      << error;
}

}  // namespace
