// The content GUID: FNV-1a 128 against published test vectors (checked by
// hand with arbitrary-precision arithmetic), the {8-4-4-4-12} format, and
// that it follows the content.
#include "codegen/Guid.h"

#include <gtest/gtest.h>

#include <regex>

namespace smc::codegen {
namespace {

std::string hashOf(std::string_view text) {
  Fnv1a128 hash;
  hash.add(text);
  return formatGuid(hash.value());
}

TEST(GuidTest, EmptyInputHashesToTheFnvOffsetBasis) {
  EXPECT_EQ(hashOf(""), "{6c62272e-07bb-0142-62b8-21756295c58d}");
}

TEST(GuidTest, MatchesFnv1a128TestVectors) {
  EXPECT_EQ(hashOf("a"), "{d228cb69-6f1a-8caf-7891-2b704e4a8964}");
  EXPECT_EQ(hashOf("foobar"), "{343e1662-793c-64bf-6f0d-3597ba446f18}");
}

TEST(GuidTest, HashingInPiecesEqualsHashingAtOnce) {
  Fnv1a128 pieces;
  pieces.add("foo");
  pieces.add("bar");
  EXPECT_EQ(formatGuid(pieces.value()), hashOf("foobar"));
}

TEST(GuidTest, ContentGuidHasTheFmiShapeAndFollowsTheContent) {
  const std::string guid = contentGuid("<xml/>", "ir");
  EXPECT_TRUE(
      std::regex_match(guid, std::regex(R"(\{[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}\})")))
      << guid;
  EXPECT_EQ(contentGuid("<xml/>", "ir"), guid);
  EXPECT_NE(contentGuid("<xml/>", "iR"), guid);
  EXPECT_NE(contentGuid("<xml/ >", "ir"), guid);
  // The separator keeps moving a byte from one part to the other visible.
  EXPECT_NE(contentGuid("<xml/>i", "r"), guid);
}

}  // namespace
}  // namespace smc::codegen
