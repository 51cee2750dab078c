// See CCompiler.h. Clang's driver turns an ordinary command line into the
// front end's invocation (it knows this platform's system include
// directories); the front end then runs one action: code generation into
// a module or an object, or preprocessing. smc's own headers live in an
// in-memory file system laid over the real one, as does a unit given as
// text, so nothing is written to disk.
#include "externalc/CCompiler.h"

#include "externalc/BuiltinHeaders.h"

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/DiagnosticOptions.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Basic/Version.h>
#include <clang/CodeGen/CodeGenAction.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/CompilerInvocation.h>
#include <clang/Frontend/FrontendActions.h>
#include <clang/Frontend/MultiplexConsumer.h>
#include <clang/Frontend/PreprocessorOutputOptions.h>
#include <clang/Frontend/Utils.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/VirtualFileSystem.h>
#include <llvm/Support/raw_ostream.h>

namespace smc::externalc {

namespace {

constexpr const char* kTargetTriple = "x86_64-unknown-linux-gnu";

// Every message of the front end, in order, with its place.
class Collector : public clang::DiagnosticConsumer {
public:
  explicit Collector(std::vector<CDiagnostic>& out) : out_(out) {}

  void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& info) override {
    DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level == clang::DiagnosticsEngine::Ignored) return;
    CDiagnostic d;
    d.severity = level == clang::DiagnosticsEngine::Warning ? Severity::Warning
                 : level >= clang::DiagnosticsEngine::Error ? Severity::Error
                                                            : Severity::Note;
    llvm::SmallString<256> text;
    info.FormatDiagnostic(text);
    d.message = text.str().str();
    if (info.getLocation().isValid() && info.hasSourceManager()) {
      const clang::SourceManager& sources = info.getSourceManager();
      const clang::SourceLocation at = sources.getFileLoc(info.getLocation());
      const clang::PresumedLoc presumed = sources.getPresumedLoc(at);
      if (presumed.isValid()) {
        d.file = presumed.getFilename();
        d.line = presumed.getLine();
        d.column = presumed.getColumn();
      }
      const clang::FileID main = sources.getMainFileID();
      if (sources.getFileID(at) == main) {
        d.inUnit = true;
        d.offset = sources.getFileOffset(at);
      } else {
        clang::SourceLocation include = sources.getIncludeLoc(sources.getFileID(at));
        while (include.isValid() && sources.getFileID(include) != main)
          include = sources.getIncludeLoc(sources.getFileID(include));
        if (include.isValid()) d.includedAt = sources.getFileOffset(include);
      }
    }
    out_.push_back(std::move(d));
  }

private:
  std::vector<CDiagnostic>& out_;
};

std::vector<std::string> commandLine(const CTranslationUnit& unit, bool forLinking) {
  std::vector<std::string> args = {"clang", "-target", kTargetTriple, "-O2", "-fPIC", "-c",
                                   "-resource-dir", SMC_CLANG_RESOURCE_DIR};
  if (forLinking) args.insert(args.end(), {"-Xclang", "-disable-llvm-passes"});
  if (unit.keepStaticFunctions) args.push_back("-femit-all-decls");
  if (!unit.warnings) args.push_back("-w");
  for (const std::string& directory : unit.includeDirectories) args.push_back("-I" + directory);
  args.insert(args.end(), {"-idirafter", kBuiltinIncludeDirectory});
  for (const std::string& define : unit.defines) args.push_back("-D" + define);
  args.insert(args.end(), {"-x", "c", unit.path});
  return args;
}

// The real file system with smc's headers, and a unit given as text, over it.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> fileSystem(const CTranslationUnit& unit) {
  auto memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  for (const BuiltinHeader& header : builtinHeaders())
    memory->addFile(std::string(kBuiltinIncludeDirectory) + "/" + std::string(header.name), 0,
                    llvm::MemoryBuffer::getMemBuffer(header.text, header.name));
  if (unit.text) memory->addFile(unit.path, 0, llvm::MemoryBuffer::getMemBufferCopy(*unit.text, unit.path));
  auto overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(llvm::vfs::getRealFileSystem());
  overlay->pushOverlay(memory);
  return overlay;
}

// Runs `action` on the unit; false with result.diagnostics explaining why.
bool run(const CTranslationUnit& unit, bool forLinking, clang::FrontendAction& action, CCompilation& result) {
  std::vector<std::string> args = commandLine(unit, forLinking);
  std::vector<const char*> argv;
  for (const std::string& arg : args) argv.push_back(arg.c_str());
  auto options = llvm::makeIntrusiveRefCnt<clang::DiagnosticOptions>();
  Collector collector(result.diagnostics);
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> files = fileSystem(unit);
  clang::CreateInvocationOptions create;
  create.Diags = clang::CompilerInstance::createDiagnostics(options.get(), &collector, /*ShouldOwnClient=*/false);
  create.VFS = files;
  std::shared_ptr<clang::CompilerInvocation> invocation = clang::createInvocation(argv, create);
  if (!invocation) {
    if (result.diagnostics.empty())
      result.diagnostics.push_back(unplacedError("Clang could not set up the C compilation"));
    return false;
  }
  // No "N errors generated." on stderr: the messages are the caller's.
  invocation->getDiagnosticOpts().ShowCarets = false;
  // The driver asks the front end to leave its memory to process exit, as
  // a compiler process may; smc compiles on after this unit.
  invocation->getFrontendOpts().DisableFree = false;
  clang::CompilerInstance compiler;
  compiler.setInvocation(std::move(invocation));
  compiler.createDiagnostics(&collector, /*ShouldOwnClient=*/false);
  compiler.createFileManager(files);
  const bool ok = compiler.ExecuteAction(action) && !compiler.getDiagnostics().hasErrorOccurred();
  return ok;
}

// The kind of value a C type passes as (CFunctionDeclaration).
std::string valueKind(clang::QualType type, const clang::ASTContext& context) {
  type = type.getCanonicalType();
  if (type->isVoidType()) return "void";
  if (type->isPointerType() || type->isArrayType()) return "ptr";
  if (type->isRealFloatingType()) {
    const uint64_t bits = context.getTypeSize(type);
    return bits == 32 ? "float" : bits == 64 ? "double" : "f" + std::to_string(bits);
  }
  if (type->isIntegralOrEnumerationType()) return "i" + std::to_string(context.getTypeSize(type));
  if (type->isRecordType()) return "struct";
  return "other";
}

// Code generation that also notes the declarations asked for.
class EmitWithDeclarations : public clang::EmitLLVMOnlyAction {
public:
  EmitWithDeclarations(llvm::LLVMContext& context, const std::set<std::string>& wanted,
                       std::map<std::string, CFunctionDeclaration>& found)
      : EmitLLVMOnlyAction(&context), wanted_(wanted), found_(found) {}

private:
  class Collector : public clang::ASTConsumer {
  public:
    Collector(const std::set<std::string>& wanted, std::map<std::string, CFunctionDeclaration>& found)
        : wanted_(wanted), found_(found) {}
    bool HandleTopLevelDecl(clang::DeclGroupRef group) override {
      for (clang::Decl* decl : group) {
        const auto* function = llvm::dyn_cast<clang::FunctionDecl>(decl);
        if (!function || !function->getIdentifier() || !wanted_.count(function->getName().str())) continue;
        const clang::ASTContext& context = function->getASTContext();
        CFunctionDeclaration d;
        d.returns = valueKind(function->getReturnType(), context);
        for (const clang::ParmVarDecl* parameter : function->parameters())
          d.parameters.push_back(valueKind(parameter->getType(), context));
        d.checkable = function->hasPrototype() && !function->isVariadic();
        const clang::SourceManager& sources = context.getSourceManager();
        const clang::SourceLocation where = sources.getFileLoc(function->getLocation());
        if (sources.getFileID(where) == sources.getMainFileID()) d.unitOffset = sources.getFileOffset(where);
        const clang::PresumedLoc at = sources.getPresumedLoc(where);
        if (at.isValid()) {
          d.file = at.getFilename();
          d.line = at.getLine();
          d.column = at.getColumn();
        }
        found_[function->getName().str()] = std::move(d);
      }
      return true;
    }

  private:
    const std::set<std::string>& wanted_;
    std::map<std::string, CFunctionDeclaration>& found_;
  };

  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance& compiler,
                                                        llvm::StringRef file) override {
    std::vector<std::unique_ptr<clang::ASTConsumer>> consumers;
    consumers.push_back(EmitLLVMOnlyAction::CreateASTConsumer(compiler, file));
    if (!consumers.back()) return nullptr;
    consumers.push_back(std::make_unique<Collector>(wanted_, found_));
    return std::make_unique<clang::MultiplexConsumer>(std::move(consumers));
  }

  const std::set<std::string>& wanted_;
  std::map<std::string, CFunctionDeclaration>& found_;
};

// Preprocessing into memory (clang's own -E action writes to a file).
// Line markers are left out: they name paths, and a library read from
// another directory is still the same code.
class PreprocessToMemory : public clang::PreprocessorFrontendAction {
public:
  explicit PreprocessToMemory(llvm::raw_ostream& out) : out_(out) {}

private:
  void ExecuteAction() override {
    clang::CompilerInstance& compiler = getCompilerInstance();
    clang::PreprocessorOutputOptions options;
    options.ShowCPP = 1;
    options.ShowLineMarkers = 0;
    clang::DoPrintPreprocessedInput(compiler.getPreprocessor(), &out_, options);
  }
  llvm::raw_ostream& out_;
};

}  // namespace

CCompilation compileToModule(const CTranslationUnit& unit, llvm::LLVMContext& context) {
  CCompilation result;
  EmitWithDeclarations action(context, unit.declarationsOf, result.declarations);
  result.ok = run(unit, true, action, result);
  if (result.ok) result.module = action.takeModule();
  result.ok = result.ok && result.module;
  return result;
}

CCompilation preprocess(const CTranslationUnit& unit) {
  CCompilation result;
  llvm::raw_svector_ostream out(result.bytes);
  PreprocessToMemory action(out);
  result.ok = run(unit, false, action, result);
  return result;
}

CDiagnostic unplacedError(std::string message) {
  CDiagnostic d;
  d.message = std::move(message);
  return d;
}

std::string describe(const CDiagnostic& d) {
  const char* severity = d.severity == Severity::Error ? "error" : d.severity == Severity::Warning ? "warning" : "note";
  if (d.file.empty()) return std::string(severity) + ": " + d.message;
  return d.file + ":" + std::to_string(d.line) + ":" + std::to_string(d.column) + ": " + severity + ": " + d.message;
}

std::string compilerIdentity() {
  std::string identity = clang::getClangFullVersion();
  for (const std::string& arg : commandLine({}, false)) identity += " " + arg;
  return identity;
}

}  // namespace smc::externalc
