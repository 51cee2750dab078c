// The grammar of variable names under variableNamingConvention="structured"
// (FMI 2.0 section 2.2.9), as a small recursive-descent recognizer:
//   name        = identifier | "der(" identifier ["," unsignedInteger] ")"
//   identifier  = bname [arrayIndices] {"." bname [arrayIndices]}
//   bname       = nondigit {digit | nondigit} | qname
//   qname       = "'" (qchar | escape) {qchar | escape} "'"
//   qchar       = nondigit | digit | one of !#$%&()*+,-./:;<>=?@[]^{}|~ and space
// (printable ASCII only: a Modelica 'température' is not structured).
//   arrayIndices = "[" unsignedInteger {"," unsignedInteger} "]"
// Blanks after a comma in array indices are accepted, as tools write both.
#include "fmi/StructuredName.h"

#include <string_view>

namespace smc::fmi {
namespace {

class NameParser {
public:
  explicit NameParser(std::string_view text) : text_(text) {}

  bool name() {
    if (text_.starts_with("der(")) {
      pos_ = 4;
      if (!identifier()) return false;
      if (accept(',')) {
        skipBlanks();
        if (!unsignedInteger()) return false;
      }
      return accept(')') && pos_ == text_.size();
    }
    return identifier() && pos_ == text_.size();
  }

private:
  bool identifier() {
    do {
      if (!bname()) return false;
      if (peek() == '[' && !arrayIndices()) return false;
    } while (accept('.'));
    return true;
  }

  bool bname() {
    if (peek() == '\'') return qname();
    if (!isNondigit(peek())) return false;
    while (isNondigit(peek()) || isDigit(peek())) ++pos_;
    return true;
  }

  bool qname() {
    ++pos_;  // opening quote
    std::size_t start = pos_;
    while (pos_ < text_.size() && text_[pos_] != '\'') {
      if (text_[pos_] == '\\') {
        if (pos_ + 1 >= text_.size()) return false;
        std::string_view escapes = "'\"?\\abfnrtv";
        if (escapes.find(text_[pos_ + 1]) == std::string_view::npos) return false;
        pos_ += 2;
      } else if (isQChar(text_[pos_])) {
        ++pos_;
      } else {
        return false;
      }
    }
    if (pos_ == start || pos_ >= text_.size()) return false;
    ++pos_;  // closing quote
    return true;
  }

  bool arrayIndices() {
    ++pos_;  // '['
    do {
      skipBlanks();
      if (!unsignedInteger()) return false;
      skipBlanks();
    } while (accept(','));
    return accept(']');
  }

  bool unsignedInteger() {
    std::size_t start = pos_;
    while (isDigit(peek())) ++pos_;
    return pos_ > start;
  }

  void skipBlanks() {
    while (peek() == ' ') ++pos_;
  }
  bool accept(char c) {
    if (peek() != c) return false;
    ++pos_;
    return true;
  }
  char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
  static bool isDigit(char c) { return c >= '0' && c <= '9'; }
  static bool isNondigit(char c) {
    return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }
  static bool isQChar(char c) {
    constexpr std::string_view punctuation = "!#$%&()*+,-./:;<>=?@[]^{}|~ ";
    return isNondigit(c) || isDigit(c) || punctuation.find(c) != std::string_view::npos;
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

}  // namespace

bool isStructuredName(std::string_view name) { return NameParser(name).name(); }

}  // namespace smc::fmi
