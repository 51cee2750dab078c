// Helpers shared by the frontend tests; see ParseHelpers.h.
#include "ParseHelpers.h"

#include <gtest/gtest.h>

namespace smc::test {

std::string Parsed::messages() const {
  std::string out;
  for (const Diagnostic& d : diags->diagnostics()) out += diags->format(d);
  return out;
}

Parsed parseText(const std::string& text, const std::string& path) {
  Parsed parsed;
  parsed.diags->setOutput(nullptr);
  parsed.file = parsed.sources->addBuffer(path, text);
  parsed.result = smc::parseFile(*parsed.sources, parsed.file, *parsed.diags);
  return parsed;
}

Parsed parseFile(const std::string& path) {
  Parsed parsed;
  parsed.diags->setOutput(nullptr);
  if (!parsed.sources->addFile(path, parsed.file)) {
    ADD_FAILURE() << "cannot read " << path;
    return parsed;
  }
  parsed.result = smc::parseFile(*parsed.sources, parsed.file, *parsed.diags);
  return parsed;
}

const ast::ClassDef& onlyClass(const Parsed& parsed) {
  static const ast::ClassDef empty;
  if (!parsed.result || parsed.result->classes.empty()) {
    ADD_FAILURE() << "no class parsed:\n" << parsed.messages();
    return empty;
  }
  return *parsed.result->classes[0];
}

const ast::Component* findComponent(const ast::ClassDef& cls, const std::string& name) {
  for (const ast::Component& component : cls.components)
    if (component.name == name) return &component;
  ADD_FAILURE() << "no component " << name << " in " << cls.name;
  return nullptr;
}

void expectRange(const SourceRange& range, uint32_t beginLine, uint32_t beginColumn,
                 uint32_t endLine, uint32_t endColumn) {
  EXPECT_EQ(range.begin.line, beginLine);
  EXPECT_EQ(range.begin.column, beginColumn);
  EXPECT_EQ(range.end.line, endLine);
  EXPECT_EQ(range.end.column, endColumn);
}

std::string roundTrip(const std::string& expression) {
  Parsed parsed = parseText("model M Real r = " + expression + "; end M;");
  if (!parsed.result) return "<error> " + parsed.messages();
  // The dump line of the component reads `Component 1:9 Real r = <expr>`.
  std::string dump = dumpAst(*parsed.result);
  std::string marker = "Real r = ";
  size_t begin = dump.find(marker);
  if (begin == std::string::npos) return "<no binding> " + dump;
  begin += marker.size();
  return dump.substr(begin, dump.find('\n', begin) - begin);
}

}  // namespace smc::test
