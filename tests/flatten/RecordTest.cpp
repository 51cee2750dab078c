// Records as structured variables (spec 12.6): equations between records
// and with record constructors expand field by field; constructor and
// record bindings become modifications of the fields; other uses of whole
// records are reported as not supported yet.
#include "FlatFixture.h"

#include <gtest/gtest.h>

using namespace smc::test;

namespace {

const char* records = R"(
  record Point
    Real x;
    Real y;
  end Point;
  record Body
    Real m;
    Point p;
    Real v[2];
  end Body;
)";

TEST(Records, EquationBetweenRecordsExpandsFieldByField) {
  std::string text = flatText(std::string("model M") + records + R"(
  Body a, b;
equation
  a = b;
  b.m = 1; b.p.x = 2; b.p.y = 3; b.v = {4, 5};
end M;
)");
  EXPECT_TRUE(has(text, "  a.m = b.m;\n  a.p.x = b.p.x;\n  a.p.y = b.p.y;\n  a.v[1] = b.v[1];\n  a.v[2] = b.v[2];\n"))
      << text;
}

TEST(Records, ConstructorInAnEquationTakesPositionalNamedAndDefaultFields) {
  std::string text = flatText(R"(model M
  record R
    Real a;
    Real b = 2 * a;
    Integer k = 4;
  end R;
  R r, s;
equation
  r = R(time);
  R(b = 1, a = 3, k = 5) = s;
end M;
)");
  EXPECT_TRUE(has(text, "  r.a = time;\n  r.b = 2 * time;\n  r.k = 4;\n")) << text;
  EXPECT_TRUE(has(text, "  3 = s.a;\n  1 = s.b;\n  5 = s.k;\n")) << text;
}

TEST(Records, NestedConstructorsAndArrayFields) {
  std::string text = flatText(std::string("model M") + records + R"(
  Body a;
equation
  a = Body(1, Point(2, y = 3), {4, 5});
end M;
)");
  EXPECT_TRUE(has(text, "  a.m = 1;\n  a.p.x = 2;\n  a.p.y = 3;\n  a.v[1] = 4;\n  a.v[2] = 5;\n")) << text;
}

// A field sized ':' takes the size of its value, the default's or the
// constructor argument's (Modelica.Magnetic.FluxTubes' hysteresis tables:
// `parameter Real[:, :] tabris = [...]`).
TEST(Records, AFieldSizedByColonTakesTheSizeOfItsValue) {
  std::string text = flatText(R"(model M
  record Data
    parameter Real tab[:, :] = [1, 2; 3, 4; 5, 6];
  end Data;
  parameter Data d = Data();
  parameter Data e = Data(tab = [7, 8]);
end M;
)");
  EXPECT_TRUE(has(text, "  parameter Real d.tab[3,2] = 6;\n")) << text;
  EXPECT_TRUE(has(text, "  parameter Real e.tab[1,2] = 8;\n")) << text;
  EXPECT_FALSE(has(text, "e.tab[2,1]")) << text;
}

TEST(Records, ConstructorBindingModifiesTheFieldsAndOwnModificationsWin) {
  std::string text = flatText(R"(model M
  record R
    Real a;
    Real b = 10;
  end R;
  R r(b = 7) = R(1, 2);
  R s = R(a = time);
  parameter R p = R(3, 4);
end M;
)");
  EXPECT_TRUE(has(text, "  parameter Real p.a = 3;\n  parameter Real p.b = 4;\n")) << text;
  EXPECT_TRUE(has(text, "  r.a = 1;\n  r.b = 7;\n  s.a = time;\n  s.b = 10;\n")) << text;
}

TEST(Records, RecordBindingBindsEachField) {
  std::string text = flatText(std::string("model M") + records + R"(
  parameter Point origin(x = 0, y = 1);
  parameter Point copy = origin;
  Point moving = moved;
  Point moved(x = time, y = 2 * time);
end M;
)");
  EXPECT_TRUE(has(text, "  parameter Real copy.x = origin.x;\n  parameter Real copy.y = origin.y;\n")) << text;
  EXPECT_TRUE(has(text, "  moving.x = moved.x;\n  moving.y = moved.y;\n")) << text;
}

TEST(Records, ParameterFieldsMustAgreeInARecordEquation) {
  std::string source = R"(model M
  record R
    parameter Real k = 1;
    Real x;
  end R;
  R a, b(k = K);
  parameter Real K = 1;
equation
  a = b;
  b.x = time;
end M;
)";
  std::string text = flatText(source);
  EXPECT_TRUE(has(text, "  a.x = b.x;\n")) << text;
  EXPECT_FALSE(has(text, "a.k = b.k")) << text;
  std::string changed = source;
  changed.replace(changed.find("K = 1;"), 6, "K = 2;");
  std::string d = flattenErrors(changed);
  EXPECT_TRUE(has(d, "test.mo:9:3: error: field 'k' is a parameter on both sides of this record equation")) << d;
}

TEST(Records, DifferentRecordsCannotBeEquated) {
  std::string d = flattenErrors(std::string("model M") + records + R"(
  Body a;
  Point b;
equation
  a = b;
end M;
)");
  EXPECT_TRUE(has(d, "test.mo:15:3: error: the records of this equation do not match: the left side has field 'm', "
                     "the right side has not"))
      << d;
}

TEST(Records, RecordAndNonRecordCannotBeEquated) {
  std::string d = flattenErrors(std::string("model M") + records + R"(
  Point b;
equation
  b = 1;
end M;
)");
  EXPECT_TRUE(has(d, "test.mo:14:3: error: one side of this equation is a record of class 'M.Point', the other is not "
                     "a record"))
      << d;
}

TEST(Records, ConstructorArgumentErrorsAreLocated) {
  std::string d = flattenErrors(std::string("model M") + records + R"(
  Point b;
equation
  b = Point(1, z = 2);
end M;
)");
  EXPECT_TRUE(has(d, "test.mo:14:16: error: record 'M.Point' has no field named 'z'")) << d;
  d = flattenErrors(std::string("model M") + records + R"(
  Point b;
equation
  b = Point(1);
end M;
)");
  EXPECT_TRUE(has(d, "test.mo:14:7: error: missing value for field 'y' of record constructor 'M.Point' (it has no "
                     "default)"))
      << d;
  d = flattenErrors(std::string("model M") + records + R"(
  Point b;
equation
  b = Point(1, 2, 3);
end M;
)");
  EXPECT_TRUE(has(d, "test.mo:14:7: error: record constructor 'M.Point' takes 2 argument(s), 3 given")) << d;
}

TEST(Records, ArithmeticOnAPlainRecordIsALocatedError) {
  std::string d = flattenErrors(std::string("model M") + records + R"(
  Real d = 2 * Point(1, 2);
end M;
)");
  EXPECT_TRUE(has(d, "test.mo:12:12: error: 'M.Point' is a record, not an operator record, so operator '*' is not "
                     "defined for it (spec 14)"))
      << d;
  d = flattenErrors(std::string("model M") + records + R"(
  Point p(x = 1, y = 2);
  Real n = 2 * p;
end M;
)");
  EXPECT_TRUE(has(d, "test.mo:13:12: error: 'M.Point' is a record, not an operator record")) << d;
}

TEST(Records, AnArrayOfRecordsBoundToAComprehensionOrAnotherArrayTakesElementByElement) {
  std::string text = flatText(std::string("model M") + records + R"(
  Point ps[2] = {Point(k * time, -k) for k in 1:2};
  Point copy[2] = ps;
end M;
)");
  EXPECT_TRUE(has(text, "ps[2].x = 2 * time")) << text;
  EXPECT_TRUE(has(text, "ps[2].y = -2")) << text;
  EXPECT_TRUE(has(text, "copy[1].y = ps[1].y")) << text;
}

// Spec 6.4: a record of a subclass may bind one of its base class, by
// reference or by its constructor; each field of the base comes from the
// field of that name.
TEST(Records, ARecordOfASubclassBindsARecordOfItsBase) {
  std::string text = flatText(std::string("model M") + records + R"(
  record Point3
    extends Point;
    Real z;
  end Point3;
  Point3 q(x = 1, y = 2, z = 3);
  Point p = q;
  Point r = Point3(4, 5, 6);
end M;
)");
  EXPECT_TRUE(has(text, "p.x = q.x")) << text;
  EXPECT_TRUE(has(text, "p.y = q.y")) << text;
  EXPECT_TRUE(has(text, "r.x = 4")) << text;
  EXPECT_TRUE(has(text, "r.y = 5")) << text;
  EXPECT_FALSE(has(text, "r.z")) << text;
}

TEST(Records, AnIfExpressionOfRecordsChoosesFieldByField) {
  std::string text = flatText(std::string("model M") + records + R"(
  Point p = if time > 1 then Point(1, 2) else Point(3, 4);
end M;
)");
  EXPECT_TRUE(has(text, "p.x = if time > 1 then 1 else 3")) << text;
  EXPECT_TRUE(has(text, "p.y = if time > 1 then 2 else 4")) << text;
}

}  // namespace
