// Escaping names for SVG: the five XML specials become entities, valid
// UTF-8 passes through, and what XML forbids becomes U+FFFD.
#include "plot/Xml.h"

#include <gtest/gtest.h>

#include <pugixml.hpp>

using smc::plot::escapeXml;

namespace {
const std::string replacement = "\xEF\xBF\xBD";
}

TEST(EscapeXml, ReplacesTheFiveSpecialCharacters) {
  EXPECT_EQ(escapeXml("a<b & \"c\" 'd' >"), "a&lt;b &amp; &quot;c&quot; &apos;d&apos; &gt;");
  EXPECT_EQ(escapeXml("activeState(off)"), "activeState(off)");
}

TEST(EscapeXml, KeepsValidUtf8) {
  EXPECT_EQ(escapeXml("\xCE\x94t \xE2\x82\xAC \xF0\x9F\x98\x80"), "\xCE\x94t \xE2\x82\xAC \xF0\x9F\x98\x80");
}

TEST(EscapeXml, ReplacesWhatXmlForbids) {
  EXPECT_EQ(escapeXml("a\x01" "b"), "a" + replacement + "b");
  EXPECT_EQ(escapeXml("tab\tnewline\n"), "tab\tnewline\n");
  EXPECT_EQ(escapeXml("\xC3"), replacement);                     // truncated sequence
  EXPECT_EQ(escapeXml("\xC0\xAF"), replacement + replacement);   // overlong '/'
  EXPECT_EQ(escapeXml("\xED\xA0\x80"), replacement + replacement + replacement);  // surrogate
  EXPECT_EQ(escapeXml("\xEF\xBF\xBF"), replacement + replacement + replacement);  // U+FFFF
}

TEST(EscapeXml, EscapedTextParsesBackToTheOriginal) {
  std::string name = "say \"hi\" & 'bye' <now>";
  std::string document = "<a title=\"" + escapeXml(name) + "\">" + escapeXml(name) + "</a>";
  pugi::xml_document xml;
  ASSERT_TRUE(xml.load_string(document.c_str()));
  EXPECT_EQ(std::string(xml.child("a").attribute("title").value()), name);
  EXPECT_EQ(std::string(xml.child("a").text().get()), name);
}
