#include "externalc/IncludeUnit.h"

#include "externalc/CCompiler.h"
#include "externalc/StaticData.h"

#include <llvm/IR/DiagnosticInfo.h>
#include <llvm/IR/DiagnosticPrinter.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/Linker/Linker.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <filesystem>

namespace smc::externalc {

namespace {

// Where one annotation's code sits in the unit's text.
struct Segment {
  size_t begin = 0, end = 0;
  const flat::ExternalInclude* include = nullptr;
};

struct Unit {
  std::string text;
  std::vector<Segment> segments;
};

Unit buildUnit(const flat::FlatModel& model) {
  Unit unit;
  unit.text = "/* The Include annotations of " + model.name + " */\n";
  for (const flat::ExternalInclude& include : model.externalIncludes) {
    Segment segment{unit.text.size(), 0, &include};
    unit.text += include.code;
    segment.end = unit.text.size();
    unit.text += "\n";
    unit.segments.push_back(segment);
  }
  return unit;
}

// The place in the .mo file of character `offset` of a String literal's
// value: the literal's text is walked from its opening quote, an escape
// sequence (always two characters, AstBuilder::stringLiteral) giving one.
SourceRange placeInLiteral(const SourceManager& sources, SourceRange literal, size_t offset) {
  const FileId file = literal.begin.file;
  if (!literal.valid() || file >= sources.fileCount()) return literal;
  const std::string& contents = sources.contents(file);
  const std::string_view line = sources.lineText(file, literal.begin.line);
  size_t raw = static_cast<size_t>(line.data() - contents.data()) + literal.begin.column;  // past the quote
  for (size_t k = 0; k < offset && raw < contents.size(); ++k) raw += contents[raw] == '\\' ? 2 : 1;
  SourceLocation at = sources.locate(file, raw);
  SourceLocation next = at;
  ++next.column;
  return {at, next};
}

// The annotation whose code holds `offset` of the unit's text.
const Segment* segmentAt(const Unit& unit, size_t offset) {
  for (const Segment& s : unit.segments)
    if (offset >= s.begin && offset <= s.end) return &s;
  return nullptr;
}

// Reports one C diagnostic at the .mo place its unit offset maps to.
void report(const Unit& unit, const CDiagnostic& d, DiagnosticEngine& diags) {
  if (d.severity == Severity::Note && !d.inUnit && !d.includedAt) {
    diags.note({}, describe(d));
    return;
  }
  const std::optional<size_t> offset = d.inUnit ? std::optional<size_t>(d.offset) : d.includedAt;
  const Segment* segment = offset ? segmentAt(unit, *offset) : nullptr;
  if (!segment) {
    // Outside every annotation's code (the unit's own comment, say).
    diags.report(d.severity, {}, "in the C code of the Include annotations: " + describe(d));
    return;
  }
  const SourceRange place = placeInLiteral(diags.sources(), segment->include->range, *offset - segment->begin);
  if (d.inUnit)
    diags.report(d.severity, place, "in C code: " + d.message);
  else
    diags.report(d.severity, place, "in C code included here: " + describe(d));
}

// What the IR linker reports, collected: LLVM's default handler would
// end smc on an error.
class LinkMessages {
public:
  explicit LinkMessages(llvm::LLVMContext& context) : context_(context), previous_(context.getDiagnosticHandler()) {
    context_.setDiagnosticHandler(std::make_unique<Collect>(text_));
  }
  ~LinkMessages() { context_.setDiagnosticHandler(std::move(previous_)); }
  LinkMessages(const LinkMessages&) = delete;
  LinkMessages& operator=(const LinkMessages&) = delete;
  const std::string& text() const { return text_; }

private:
  struct Collect : llvm::DiagnosticHandler {
    explicit Collect(std::string& text) : text(text) {}
    bool handleDiagnostics(const llvm::DiagnosticInfo& info) override {
      llvm::raw_string_ostream out(text);
      if (!text.empty()) out << "; ";
      llvm::DiagnosticPrinterRawOStream printer(out);
      info.print(printer);
      return true;
    }
    std::string& text;
  };
  llvm::LLVMContext& context_;
  std::unique_ptr<llvm::DiagnosticHandler> previous_;
  std::string text_;
};

std::string llvmKind(const llvm::Type* type) {
  if (type->isVoidTy()) return "void";
  if (type->isDoubleTy()) return "double";
  if (type->isFloatTy()) return "float";
  if (type->isPointerTy()) return "ptr";
  if (type->isIntegerTy()) return "i" + std::to_string(type->getIntegerBitWidth());
  if (type->isStructTy()) return "struct";
  return "other";
}

std::string signature(const std::vector<std::string>& parameters, const std::string& returns) {
  std::string text = "(";
  for (size_t i = 0; i < parameters.size(); ++i) text += (i ? ", " : "") + parameters[i];
  return text + ") -> " + returns;
}

// The C declarations the unit holds against the calls the model makes:
// a call through a different signature would be undefined behaviour.
bool checkDeclarations(const Unit& unit, const flat::FlatModel& model, const CCompilation& compiled,
                       const llvm::Module& module, DiagnosticEngine& diags) {
  bool ok = true;
  for (const flat::Function& fn : model.functions) {
    if (!fn.external) continue;
    auto declared = compiled.declarations.find(fn.external->symbol);
    const llvm::Function* called = module.getFunction(fn.external->symbol);
    if (declared == compiled.declarations.end() || !declared->second.checkable || !called) continue;
    const CFunctionDeclaration& c = declared->second;
    std::vector<std::string> passed;
    for (const llvm::Type* parameter : called->getFunctionType()->params()) passed.push_back(llvmKind(parameter));
    const std::string returned = llvmKind(called->getReturnType());
    if (passed == c.parameters && returned == c.returns) continue;
    ok = false;
    const Segment* segment = c.unitOffset ? segmentAt(unit, *c.unitOffset) : nullptr;
    if (segment) {
      diags.errorf(fn.external->range,
                   "the C function '{}' is declared as {}, but the external clause of '{}' calls it as {}",
                   fn.external->symbol, signature(c.parameters, c.returns), fn.name, signature(passed, returned));
      diags.note(placeInLiteral(diags.sources(), segment->include->range, *c.unitOffset - segment->begin),
                 "declared here, in C code");
      continue;
    }
    diags.errorf(fn.external->range,
                 "the C function '{}' is declared at {}:{}:{} as {}, but the external clause of '{}' calls it as {}",
                 fn.external->symbol, c.file, c.line, c.column, signature(c.parameters, c.returns), fn.name,
                 signature(passed, returned));
  }
  return ok;
}

}  // namespace

std::string includeUnitText(const flat::FlatModel& model) { return buildUnit(model).text; }

CTranslationUnit includeTranslationUnit(const flat::FlatModel& model) {
  CTranslationUnit c;
  c.path = "/smc-model/" + model.name + ".includes.c";
  c.text = buildUnit(model).text;
  c.warnings = true;
  c.keepStaticFunctions = true;
  c.defines = model.cDefines;
  for (const flat::ExternalInclude& include : model.externalIncludes) {
    std::error_code error;
    auto& directories = c.includeDirectories;
    if (!std::filesystem::is_directory(include.directory, error)) continue;
    if (std::find(directories.begin(), directories.end(), include.directory) == directories.end())
      directories.push_back(include.directory);
  }
  return c;
}

bool linkIncludeUnit(const flat::FlatModel& model, llvm::Module& module, DiagnosticEngine& diags) {
  if (model.externalIncludes.empty()) return true;
  const Unit unit = buildUnit(model);
  CTranslationUnit c = includeTranslationUnit(model);
  for (const flat::Function& fn : model.functions)
    if (fn.external) c.declarationsOf.insert(fn.external->symbol);
  CCompilation compiled = compileToModule(c, module.getContext());
  for (const CDiagnostic& d : compiled.diagnostics) report(unit, d, diags);
  if (!compiled.ok || !checkDeclarations(unit, model, compiled, module, diags)) return false;
  // A function the model calls may be static in the C code (a header's
  // `static inline`, as if the call were written in that C file): it
  // becomes visible to the model's code. What nothing calls is removed by
  // the optimizer.
  for (const flat::Function& fn : model.functions) {
    if (!fn.external) continue;
    llvm::Function* defined = compiled.module->getFunction(fn.external->symbol);
    if (defined && !defined->isDeclaration() && !defined->hasExternalLinkage())
      defined->setLinkage(llvm::GlobalValue::ExternalLinkage);
  }
  gatherStaticData(*compiled.module, "includes");
  compiled.module->setDataLayout(module.getDataLayout());
  compiled.module->setTargetTriple(module.getTargetTriple());
  LinkMessages messages(module.getContext());
  if (llvm::Linker::linkModules(module, std::move(compiled.module))) {
    diags.errorf(model.externalIncludes.front().range,
                 "the C code of the Include annotations cannot join the model's code: {}", messages.text());
    return false;
  }
  return true;
}

}  // namespace smc::externalc
