#include "driver/Compile.h"

#include "causalize/Causalize.h"
#include "clocks/Clocks.h"
#include "codegen/Codegen.h"
#include "driver/EquationCount.h"
#include "externalc/Dump.h"
#include "flatten/ConnectionSets.h"
#include "flatten/Flatten.h"
#include "frontend/Parser.h"
#include "statemachine/StateMachines.h"

#include <filesystem>
#include <memory>

namespace smc {

namespace {

void finishStage(const CompileOptions& options, const char* stage) {
  if (options.times) options.times->finish(stage);
}

// What the FMU's messages call each source file: the model's file by its
// name, a library file by its path under the library directory
// ("Modelica/Blocks/Sources.mo"), so that a location points into the right
// file.
std::vector<std::string> fileNamesForMessages(const SourceManager& sources,
                                              const std::vector<std::string>& libraryPaths) {
  namespace fs = std::filesystem;
  std::vector<std::string> names;
  for (FileId id = 0; id < sources.fileCount(); ++id) {
    const fs::path path = fs::path(sources.path(id)).lexically_normal();
    std::string name = path.filename().string();
    for (const std::string& dir : libraryPaths) {
      const fs::path relative = path.lexically_relative(fs::path(dir).lexically_normal());
      if (!relative.empty() && *relative.begin() != "..") {
        name = relative.string();
        break;
      }
    }
    names.push_back(std::move(name));
  }
  return names;
}

}  // namespace

bool compile(const CompileOptions& options, SourceManager& sources, DiagnosticEngine& diags,
             std::string& dumpOut, std::string* writtenFmu) {
  // 1. Parse: text -> AST. Without a file, the model is a library class
  //    (--model), whose files are parsed as lookup reaches them.
  std::optional<ast::StoredDefinition> definition;
  if (!options.inputPath.empty()) {
    FileId file;
    if (!sources.addFile(options.inputPath, file)) {
      diags.errorf({}, "cannot read '{}'", options.inputPath);
      return false;
    }
    definition = parseFile(sources, file, diags);
    if (!definition) return false;
  }
  finishStage(options, "parse");
  if (options.dump == DumpStage::Ast) {
    if (definition) dumpOut = dumpAst(*definition);
    return !diags.hasErrors();
  }
  // 2. Flatten: lookup, instantiation, modifiers, connect -> flat model.
  //    The class tree (every parsed class's AST) goes once the flat model
  //    exists, which refers to none of it: at 100 000 equations the ASTs
  //    are a fifth of the peak memory the later stages would add to.
  auto tree = std::make_unique<flatten::ClassTree>(sources, diags, options.libraryPaths);
  std::vector<flatten::ClassNode*> fileClasses;
  if (definition) fileClasses = tree->add(std::move(*definition));
  definition.reset();
  flatten::ClassNode* top = selectTopClass(*tree, fileClasses, options.modelName, diags);
  if (!top || diags.hasErrors()) return false;
  auto flat = flattenModel(*tree, top, diags, codegen::makeExternalRunner(), options.cDefines);
  tree.reset();
  if (!flat) return false;
  finishStage(options, "flatten");
  if (options.dump == DumpStage::Connections) {
    dumpOut = flatten::dumpConnectionSets(*flat);
    return true;
  }
  if (options.dump == DumpStage::Flat) {
    dumpOut = flat::dumpFlat(*flat);
    return true;
  }
  if (options.dump == DumpStage::ExternalC) {
    dumpOut = externalc::dumpExternalC(*flat);
    return true;
  }
  // 3. State machines: transition/initialState clusters -> clocked equations.
  auto machines = statemachine::discoverStateMachines(*flat, diags);
  if (!machines) return false;
  std::optional<flat::FlatModel> unlowered;
  if (options.dump == DumpStage::StateMachines) unlowered = *flat;
  flat = statemachine::lowerStateMachines(std::move(*flat), *machines, diags);
  if (!flat) return false;
  finishStage(options, "state machines");
  if (options.times) options.times->setEquations(countScalarEquations(*flat));
  if (options.dump == DumpStage::StateMachines) {
    dumpOut = statemachine::dumpStateMachines(*unlowered, *machines, &*flat);
    return true;
  }
  // 4. Clocks: infer the clock partitions, then lower them to time events,
  //    tick flags and guarded partitions the causalizer knows. Operands of
  //    conversions that read their own partition get equations there first.
  *flat = clocks::separateConversionOperands(std::move(*flat));
  auto partitioning = clocks::inferClocks(*flat, diags);
  if (!partitioning) return false;
  if (options.dump == DumpStage::Clocks) {
    dumpOut = clocks::dumpClocks(*flat, *partitioning);
    return true;
  }
  auto lowered = clocks::lowerClocks(std::move(*flat), *partitioning, diags);
  if (!lowered) return false;
  finishStage(options, "clocks");
  // 5. Causalize: matching, BLT, symbolic solving -> blocks.
  auto causal = causal::causalize(std::move(*lowered), diags);
  if (!causal) return false;
  finishStage(options, "causalize (BLT)");
  if (options.times)
    options.times->setAliasEquations(causal->aliasElimination.equationsRemoved,
                                     causal->aliasElimination.equationsBefore);
  if (options.dump == DumpStage::Blt) {
    dumpOut = causal::dumpBlt(*causal);
    return true;
  }
  // 6. Code generation, linking and packaging.
  codegen::CodegenOptions codegenOptions;
  codegenOptions.modelIdentifier = codegen::modelIdentifierFor(causal->flat.name);
  codegenOptions.sourceFileName = std::filesystem::path(options.inputPath).filename().string();
  codegenOptions.fileNames = fileNamesForMessages(sources, options.libraryPaths);
  codegenOptions.runtimeArchive = options.runtimeArchive;
  codegenOptions.nonFiniteIsWarning = options.nonFiniteIsWarning;
  codegenOptions.maxWhileIterations = options.maxWhileIterations;
  if (options.times)
    codegenOptions.onStageDone = [&options](const char* stage) { finishStage(options, stage); };
  if (options.dump == DumpStage::Llvm) {
    auto ir = codegen::dumpLlvm(*causal, codegenOptions, diags);
    if (!ir) return false;
    dumpOut = std::move(*ir);
    return true;
  }
  std::string output = options.outputPath.empty() ? codegenOptions.modelIdentifier + ".fmu" : options.outputPath;
  if (!codegen::writeFmu(*causal, codegenOptions, output, diags)) return false;
  if (writtenFmu) *writtenFmu = output;
  return true;
}

}  // namespace smc
