// Strict parsing of numbers and booleans from XML attributes, --set and the
// command line's numeric options.
#include "importer/TextValues.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

using namespace smc::importer;

TEST(TextValues, RealAcceptsXmlSchemaSpellings) {
  EXPECT_EQ(parseReal("0.5"), 0.5);
  EXPECT_EQ(parseReal("+2"), 2.0);
  EXPECT_EQ(parseReal(" -1e-3 "), -1e-3);
  EXPECT_EQ(parseReal("INF"), INFINITY);
  EXPECT_EQ(parseReal("-INF"), -INFINITY);
  ASSERT_TRUE(parseReal("NaN").has_value());
  EXPECT_TRUE(std::isnan(*parseReal("NaN")));
}

TEST(TextValues, RealRejectsTrailingGarbageAndEmptyText) {
  EXPECT_FALSE(parseReal("1.5x").has_value());
  EXPECT_FALSE(parseReal("").has_value());
  EXPECT_FALSE(parseReal("   ").has_value());
  EXPECT_FALSE(parseReal("1,5").has_value());
  EXPECT_FALSE(parseReal("+-1").has_value());
}

TEST(TextValues, IntegerRejectsFractionsAndOverflow) {
  EXPECT_EQ(parseInteger("-42"), -42);
  EXPECT_EQ(parseInteger("+7"), 7);
  EXPECT_FALSE(parseInteger("1.0").has_value());
  EXPECT_FALSE(parseInteger("2147483648").has_value());  // INT_MAX + 1
}

TEST(TextValues, UnsignedRejectsNegativeNumbers) {
  EXPECT_EQ(parseUnsigned("4294967295"), 4294967295u);
  EXPECT_FALSE(parseUnsigned("-1").has_value());
  EXPECT_FALSE(parseUnsigned("-0").has_value());
}

TEST(TextValues, SixtyFourBitIntegersKeepTheirRangeAndSign) {
  EXPECT_EQ(parseUnsigned64("18446744073709551615"), 18446744073709551615u);
  EXPECT_FALSE(parseUnsigned64("-1").has_value());  // never wrapped to the maximum
  EXPECT_FALSE(parseUnsigned64("18446744073709551616").has_value());
  EXPECT_EQ(parseInteger64("-9223372036854775808"), INT64_MIN);
  EXPECT_FALSE(parseInteger64("0x10").has_value());
  EXPECT_FALSE(parseInteger64("2.5").has_value());
}

TEST(TextValues, BooleanAcceptsTrueFalseOneZeroOnly) {
  EXPECT_EQ(parseBoolean("true"), true);
  EXPECT_EQ(parseBoolean("1"), true);
  EXPECT_EQ(parseBoolean("false"), false);
  EXPECT_EQ(parseBoolean("0"), false);
  EXPECT_FALSE(parseBoolean("yes").has_value());
  EXPECT_FALSE(parseBoolean("TRUE").has_value());
}
