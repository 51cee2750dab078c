// The back end's driver (see Codegen.h): each step is a function of the
// previous step's result; the first failing step reports and stops.
#include "codegen/Codegen.h"

#include "codegen/Backend.h"
#include "codegen/FmuArchive.h"
#include "codegen/Guid.h"
#include "codegen/IrGen.h"
#include "codegen/Layout.h"
#include "codegen/IrModel.h"
#include "codegen/Linker.h"
#include "codegen/ModelDescription.h"
#include "codegen/ModuleSplit.h"
#include "codegen/ParallelBackend.h"
#include "codegen/Toolchain.h"
#include "externalc/JitRunner.h"
#include "externalc/IncludeUnit.h"
#include "externalc/SourceLibraries.h"

#include <llvm/Support/raw_ostream.h>

#include <malloc.h>

#include <functional>
#include <string_view>
#include <vector>

namespace smc::codegen {

std::string modelIdentifierFor(const std::string& modelName) {
  std::string id;
  for (char c : modelName) {
    const bool word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      c == '_';
    id += word ? c : '_';
  }
  if (id.empty()) return "model";
  if (id[0] >= '0' && id[0] <= '9') id.insert(id.begin(), '_');
  return id;
}

namespace {

// A failed link that left C functions of external functions undefined:
// each reported at the external clause that calls it; false when the
// failure is something else too (then the linker's words follow).
bool reportUndefinedExternals(const flat::FlatModel& model, const std::string& messages, DiagnosticEngine& diags) {
  const std::vector<std::string> undefined = undefinedSymbols(messages);
  size_t reported = 0;
  for (const std::string& symbol : undefined)
    for (const flat::Function& fn : model.functions) {
      if (!fn.external || fn.external->symbol != symbol) continue;
      ++reported;
      if (fn.external->missingLibraries.empty()) {
        diags.errorf(fn.external->range,
                     "the C function '{}' that '{}' calls is not defined: no library its Library annotation "
                     "names, nor the C library, has it",
                     symbol, fn.name);
        break;
      }
      // Its library would have defined it, had it been there.
      for (const flat::MissingLibrary& missing : fn.external->missingLibraries)
        diags.errorf(missing.range,
                     "library '{}' of external function '{}' not found: no lib{}.a in '{}/linux64' or '{}'",
                     missing.name, fn.name, missing.name, missing.directory, missing.directory);
      break;
    }
  return !undefined.empty() && reported == undefined.size();
}

bool isCIdentifier(const std::string& text) {
  return !text.empty() && modelIdentifierFor(text) == text;
}

// The verified module (holding kPlaceholderGuid), and what it was built for.
struct Generated {
  std::unique_ptr<llvm::LLVMContext> context;
  std::unique_ptr<llvm::TargetMachine> machine;
  std::unique_ptr<llvm::Module> module;
  Layout layout;
  std::string modelIdentifier;
};

std::string moduleText(const llvm::Module& module) {
  std::string text;
  llvm::raw_string_ostream out(text);
  module.print(out, nullptr);
  return out.str();
}

// keepNames: value names (x.slot, der(x)...) for the IR dump; an FMU's
// module drops them, which saves the optimizer and code generator a
// symbol-table entry per instruction.
std::optional<Generated> generate(const causal::CausalModel& model, const CodegenOptions& options,
                                  bool keepNames, DiagnosticEngine& diags) {
  Generated g;
  g.modelIdentifier = options.modelIdentifier.empty() ? modelIdentifierFor(model.flat.name)
                                                      : options.modelIdentifier;
  if (!isCIdentifier(g.modelIdentifier)) {
    diags.errorf({}, "the model identifier '{}' is not a C identifier", g.modelIdentifier);
    return std::nullopt;
  }
  std::optional<Layout> layout = buildLayout(model, diags);
  if (!layout) return std::nullopt;
  g.layout = std::move(*layout);

  std::string error;
  g.machine = createTargetMachine(error);
  if (!g.machine) {
    diags.error({}, "internal error: " + error);
    return std::nullopt;
  }
  applyOptimizerOptions();
  IrOptions ir;
  ir.modelIdentifier = g.modelIdentifier;
  ir.sourceFileName = options.sourceFileName;
  ir.fileNames = options.fileNames;
  ir.nonFiniteIsWarning = options.nonFiniteIsWarning;
  ir.maxWhileIterations = options.maxWhileIterations;
  ir.guid = kPlaceholderGuid;
  ir.targetTriple = g.machine->getTargetTriple().str();
  ir.dataLayout = g.machine->createDataLayout().getStringRepresentation();
  g.context = std::make_unique<llvm::LLVMContext>();
  g.context->setDiscardValueNames(!keepNames);
  g.module = generateModule(*g.context, model, g.layout, ir, diags);
  if (!g.module) return std::nullopt;
  return g;
}

// The model description with the placeholder as its GUID. The GUID hashes
// everything that defines the model's behaviour and interface: this text
// and the code, both holding the placeholder while they are hashed; the
// FMU's description is this text with the GUID written in (setGuidIn), so
// a large model's description is built once.
std::string describedWithPlaceholder(const causal::CausalModel& model, const Generated& g) {
  return modelDescriptionXml(model, g.layout, g.modelIdentifier, kPlaceholderGuid);
}

// Replaces the placeholder in the description's guid attribute, which
// only the description's root element has (any other attribute value
// would hold `"` escaped).
bool setGuidIn(std::string& description, const std::string& guid) {
  const std::string_view name = "guid=\"";
  const std::string attribute = std::string(name) + kPlaceholderGuid + "\"";
  const size_t at = description.find(attribute);
  if (at == std::string::npos) return false;
  description.replace(at + name.size(), std::string_view(kPlaceholderGuid).size(), guid);
  return true;
}

// Whether a string constant other than the GUID holds the placeholder's
// text (a model's own literal): the optimizer or the linker could merge it
// with the GUID, and patching the GUID would then change it too.
bool otherStringHoldsPlaceholder(const llvm::Module& module) {
  for (const llvm::GlobalVariable& global : module.globals()) {
    if (global.getName() == kGuidGlobalName || !global.hasInitializer()) continue;
    const auto* data = llvm::dyn_cast<llvm::ConstantDataSequential>(global.getInitializer());
    if (data && data->isString() && data->getAsString().contains(kPlaceholderGuid)) return true;
  }
  return false;
}

// Writes `guid` over the placeholder in the object files. Hashing the
// objects instead of the IR text spares printing the whole module, which
// took a tenth of a large model's compile time. The placeholder must occur
// exactly once among them, else the patch would be ambiguous.
bool patchGuid(std::vector<ObjectFile>& objects, const std::string& guid) {
  const std::string_view placeholder(kPlaceholderGuid);
  if (guid.size() != placeholder.size()) return false;
  char* found = nullptr;
  for (ObjectFile& object : objects) {
    const std::string_view bytes(object.data(), object.size());
    for (size_t at = bytes.find(placeholder); at != std::string_view::npos;
         at = bytes.find(placeholder, at + 1)) {
      if (found) return false;
      found = object.data() + at;
    }
  }
  if (!found) return false;
  std::copy(guid.begin(), guid.end(), found);
  return true;
}

// Optimizes the module and compiles it to objects: in one piece, or, when
// it is large, split into partitions that run on several cores
// (ModuleSplit.h, ParallelBackend.h). Calls done("LLVM optimization") in
// between. The module and its context are gone after a split.
bool compileModule(Generated& g, size_t instructionsPerPartition,
                   const std::function<void(const char*)>& done, std::vector<ObjectFile>& objects,
                   std::string& error) {
  const unsigned count = partitionCount(*g.module, instructionsPerPartition);
  if (count == 1) {
    optimizeModule(*g.module, *g.machine);
    done("LLVM optimization");
    objects.emplace_back();
    return emitObject(*g.module, *g.machine, objects.back(), error);
  }
  ParallelBackend backend;
  splitModule(std::move(g.module), count,
              [&backend](std::unique_ptr<llvm::Module> part) { backend.addPartition(*part); });
  g.context.reset();
  // The worker threads allocate from arenas of their own and would not
  // reuse what the module freed in the main one: give it back to the
  // system (glibc keeps freed memory otherwise).
  malloc_trim(0);
  return backend.compile(objects, error, [&done] { done("LLVM optimization"); });
}

std::vector<char> bytesOf(const std::string& text) { return {text.begin(), text.end()}; }

}  // namespace

std::shared_ptr<flat::ExternalRunner> makeExternalRunner() {
  std::shared_ptr<llvm::TargetMachine> machine;
  return externalc::makeJitRunner([machine](llvm::Module& module, llvm::SmallVectorImpl<char>& object,
                                            std::string& error) mutable {
    if (!machine) {
      machine = createTargetMachine(error);
      if (!machine) return false;
    }
    optimizeModule(module, *machine);
    return emitObject(module, *machine, object, error);
  });
}

std::optional<std::string> dumpLlvm(const causal::CausalModel& model, const CodegenOptions& options,
                                    DiagnosticEngine& diags) {
  std::optional<Generated> g = generate(model, options, true, diags);
  if (!g) return std::nullopt;
  setGuid(*g->module, contentGuid(describedWithPlaceholder(model, *g), moduleText(*g->module)));
  return moduleText(*g->module);
}

bool writeFmu(const causal::CausalModel& model, const CodegenOptions& options,
              const std::string& fmuPath, DiagnosticEngine& diags) {
  auto done = [&options](const char* stage) {
    if (options.onStageDone) options.onStageDone(stage);
  };
  std::optional<Generated> g = generate(model, options, false, diags);
  if (!g) return false;
  // External C: the Include annotations' code joins the model's module, the
  // libraries given as sources are compiled (or found in the cache).
  std::vector<std::vector<char>> sourceArchives;
  auto emitLibraryObject = [&g](llvm::Module& module, llvm::SmallVectorImpl<char>& object, std::string& error) {
    optimizeModule(module, *g->machine);
    return emitObject(module, *g->machine, object, error);
  };
  if (!externalc::linkIncludeUnit(model.flat, *g->module, diags) ||
      !externalc::buildSourceLibraries(model.flat, emitLibraryObject, sourceArchives, diags))
    return false;
  if (!model.flat.externalIncludes.empty() || !sourceArchives.empty()) done("C compilation");
  if (otherStringHoldsPlaceholder(*g->module)) {
    diags.errorf({}, "the model contains the text '{}', which smc reserves for the FMU's GUID",
                 kPlaceholderGuid);
    return false;
  }
  done("IR generation");

  std::vector<ObjectFile> objects;
  std::string error;
  if (!compileModule(*g, options.instructionsPerPartition, done, objects, error)) {
    diags.error({}, "internal error: " + error);
    return false;
  }
  std::vector<std::string_view> code;
  for (const ObjectFile& object : objects) code.emplace_back(object.data(), object.size());
  std::string description = describedWithPlaceholder(model, *g);
  const std::string guid = contentGuid(description, code);
  if (!patchGuid(objects, guid)) {
    diags.error({}, "internal error: the GUID placeholder is not in the object files exactly once");
    return false;
  }
  if (!setGuidIn(description, guid)) {
    diags.error({}, "internal error: modelDescription.xml has no placeholder GUID to replace");
    return false;
  }
  done("object emission");

  const std::string soname = g->modelIdentifier + ".so";
  LinkResult linked = linkSharedObject({objects.begin(), objects.end()}, soname,
                                       findToolchain(options.runtimeArchive), model.flat.externalLibraries,
                                       {sourceArchives.begin(), sourceArchives.end()});
  if (!linked.ok) {
    if (!reportUndefinedExternals(model.flat, linked.messages, diags))
      diags.error({}, "linking " + soname + " failed:\n" + linked.messages);
    return false;
  }
  if (!linked.messages.empty())
    diags.warning({}, "while linking " + soname + ":\n" + linked.messages);
  done("link");

  std::vector<ArchiveEntry> entries;
  entries.push_back({"modelDescription.xml", bytesOf(description)});
  entries.push_back({"binaries/linux64/" + soname, std::move(linked.sharedObject)});
  if (!writeZipArchive(fmuPath, entries, error)) {
    diags.error({}, "cannot write the FMU '" + fmuPath + "': " + error);
    return false;
  }
  done("zip");
  return true;
}

}  // namespace smc::codegen
