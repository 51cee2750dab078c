// See Diagram.h. The stages are the compile pipeline's first three; the
// state machines are drawn as written, before they are lowered.
#include "driver/Diagram.h"

#include "codegen/Codegen.h"
#include "diagram/Diagram.h"
#include "flatten/Flatten.h"
#include "frontend/Parser.h"
#include "statemachine/StateMachines.h"

#include <fstream>

namespace smc {

bool drawDiagram(const DiagramOptions& options, SourceManager& sources, DiagnosticEngine& diags,
                 std::string* writtenPath) {
  FileId file;
  if (!sources.addFile(options.inputPath, file)) {
    diags.errorf({}, "cannot read '{}'", options.inputPath);
    return false;
  }
  // 1. Parse: text -> AST.
  auto definition = parseFile(sources, file, diags);
  if (!definition) return false;
  // 2. Flatten: keeps the transitions, initial states and their graphics.
  flatten::ClassTree tree(sources, diags, options.libraryPaths);
  std::vector<flatten::ClassNode*> fileClasses = tree.add(std::move(*definition));
  flatten::ClassNode* top = selectTopClass(tree, fileClasses, options.modelName, diags);
  if (!top || diags.hasErrors()) return false;
  auto flat = flattenModel(tree, top, diags);
  if (!flat) return false;
  // 3. Discover the machines and their hierarchy.
  auto machines = statemachine::discoverStateMachines(*flat, diags);
  if (!machines) return false;
  if (machines->empty()) {
    diags.errorf(flat->range, "no state machine in {}", flat->name);
    return false;
  }
  // 4. Draw.
  std::string svg = diagram::drawStateMachines(*flat, *machines);
  std::string output =
      options.outputPath.empty() ? codegen::modelIdentifierFor(flat->name) + ".svg" : options.outputPath;
  std::ofstream stream(output, std::ios::binary);
  if (!stream || !(stream << svg) || !stream.flush()) {
    diags.errorf({}, "cannot write '{}'", output);
    return false;
  }
  if (writtenPath) *writtenPath = output;
  return true;
}

}  // namespace smc
