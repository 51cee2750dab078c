// The translation-time runner of external C functions (see JitRunner.h).
#include "externalc/JitRunner.h"

#include "externalc/CCompiler.h"
#include "externalc/IncludeUnit.h"
#include "externalc/TranslationUtilities.h"
#include "flatten/FlatModel.h"

#include <llvm/ExecutionEngine/Orc/ExecutionUtils.h>
#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/ExecutionEngine/Orc/ThreadSafeModule.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Linker/Linker.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/TargetSelect.h>

#include <fmt/format.h>

#include <cstring>
#include <map>
#include <set>

namespace smc::externalc {

namespace {

using flat::CType;
using flat::CValue;

std::string errorText(llvm::Error error) { return llvm::toString(std::move(error)); }

llvm::Type* llvmTypeOf(CType type, llvm::LLVMContext& context) {
  switch (type) {
    case CType::Void: return llvm::Type::getVoidTy(context);
    case CType::Double: return llvm::Type::getDoubleTy(context);
    case CType::Int: return llvm::Type::getInt32Ty(context);
    case CType::Size: return llvm::Type::getInt64Ty(context);
    default: return llvm::PointerType::get(context, 0);
  }
}

// How CCompiler names an ABI type (CFunctionDeclaration).
std::string abiKind(CType type) {
  switch (type) {
    case CType::Void: return "void";
    case CType::Double: return "double";
    case CType::Int: return "i32";
    case CType::Size: return "i64";
    default: return "ptr";
  }
}

class JitRunner final : public flat::ExternalRunner {
public:
  explicit JitRunner(ObjectEmitter emit) : emit_(std::move(emit)) {}

  // Each distinct call runs once per translation: an impure function's
  // value (a parameter's) must be the same wherever the translation reads
  // it, and a pure one's is anyway.
  flat::CallOutcome call(const flat::FlatModel& model, const std::string& symbol, std::vector<CValue>& args,
                         CValue& result, bool mayRun, std::string& error) override {
    const std::string key = callKey(symbol, args, result.type);
    if (auto it = answers_.find(key); it != answers_.end()) {
      args = it->second.first;
      result = it->second.second;
      return flat::CallOutcome::Done;
    }
    if (!mayRun) return flat::CallOutcome::NotRun;
    if (!run(model, symbol, args, result, error)) return flat::CallOutcome::Failed;
    answers_.emplace(key, std::make_pair(args, result));
    return flat::CallOutcome::Done;
  }

private:
  static std::string callKey(const std::string& symbol, const std::vector<CValue>& args, CType returns) {
    std::string key = fmt::format("{}/{}", symbol, static_cast<int>(returns));
    for (const CValue& a : args) {
      key += fmt::format("|{}:{}:{}:{}:", static_cast<int>(a.type), a.real, a.integer, a.text.size()) + a.text;
      for (double x : a.reals) key += fmt::format(",{}", x);
      for (int32_t x : a.integers) key += fmt::format(",{}", x);
    }
    return key;
  }

  bool run(const flat::FlatModel& model, const std::string& symbol, std::vector<CValue>& args, CValue& result,
           std::string& error) {
    if (!start(error) || !loadLibraries(model, error)) return false;
    std::optional<Thunk> thunk = thunkFor(model, symbol, args, result.type, error);
    if (!thunk) return false;
    // Each argument in an 8-byte cell: a value, or the address of what the
    // C function reads or writes.
    std::vector<uint64_t> cells(args.size());
    std::vector<double> doubleOuts(args.size());
    std::vector<int32_t> intOuts(args.size());
    std::vector<const char*> stringOuts(args.size());
    auto put = [&](size_t i, const auto& value) { std::memcpy(&cells[i], &value, sizeof value); };
    for (size_t i = 0; i < args.size(); ++i) {
      CValue& a = args[i];
      switch (a.type) {
        case CType::Void: break;
        case CType::Double: put(i, a.real); break;
        case CType::Int: put(i, static_cast<int32_t>(a.integer)); break;
        case CType::Size: put(i, static_cast<uint64_t>(a.integer)); break;
        case CType::String: put(i, a.text.c_str()); break;
        case CType::DoubleArray: put(i, a.reals.data()); break;
        case CType::IntArray: put(i, a.integers.data()); break;
        case CType::DoubleOut: doubleOuts[i] = a.real; put(i, &doubleOuts[i]); break;
        case CType::IntOut: intOuts[i] = static_cast<int32_t>(a.integer); put(i, &intOuts[i]); break;
        case CType::StringOut: put(i, &stringOuts[i]); break;
      }
    }
    uint64_t returned = 0;
    if (!runGuarded(*thunk, cells.data(), &returned, error)) return false;
    for (size_t i = 0; i < args.size(); ++i) {
      CValue& a = args[i];
      if (a.type == CType::DoubleOut) a.real = doubleOuts[i];
      if (a.type == CType::IntOut) a.integer = intOuts[i];
      if (a.type == CType::StringOut && !readString(stringOuts[i], a.text, symbol, error)) return false;
    }
    switch (result.type) {
      case CType::Double: std::memcpy(&result.real, &returned, sizeof result.real); break;
      case CType::Int: {
        int32_t value;
        std::memcpy(&value, &returned, sizeof value);
        result.integer = value;
        break;
      }
      case CType::String: {
        const char* text;
        std::memcpy(&text, &returned, sizeof text);
        if (!readString(text, result.text, symbol, error)) return false;
        break;
      }
      default: break;
    }
    return true;
  }

  static bool readString(const char* text, std::string& out, const std::string& symbol, std::string& error) {
    if (!text) {
      error = fmt::format("'{}' returned a null string", symbol);
      return false;
    }
    out = text;
    return true;
  }

  bool start(std::string& error) {
    if (jit_) return true;
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    auto jit = llvm::orc::LLJITBuilder().create();
    if (!jit) {
      error = "LLVM's JIT cannot start: " + errorText(jit.takeError());
      return false;
    }
    jit_ = std::move(*jit);
    // What goes wrong while linking (a symbol no library defines) becomes
    // the failing call's message rather than text on stderr.
    jit_->getExecutionSession().setErrorReporter(
        [this](llvm::Error e) { sessionError_ = llvm::toString(std::move(e)); });
    llvm::orc::JITDylib& main = jit_->getMainJITDylib();
    llvm::orc::SymbolMap utilities;
    for (const UtilitySymbol& s : translationUtilities())
      utilities[jit_->mangleAndIntern(s.name)] =
          llvm::JITEvaluatedSymbol(llvm::pointerToJITTargetAddress(s.address), llvm::JITSymbolFlags::Exported);
    if (llvm::Error e = main.define(llvm::orc::absoluteSymbols(std::move(utilities)))) {
      error = errorText(std::move(e));
      return false;
    }
    // The C library and libm, from smc's own process.
    auto process = llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
        jit_->getDataLayout().getGlobalPrefix());
    if (!process) {
      error = errorText(process.takeError());
      return false;
    }
    main.addGenerator(std::move(*process));
    // The model's libraries go before the process in every lookup, so that
    // their own definitions win (the MSL's zlib over the one smc links).
    auto libraries = jit_->createJITDylib("smc.libraries");
    if (!libraries) {
      error = errorText(libraries.takeError());
      return false;
    }
    libraries_ = &*libraries;
    llvm::orc::SymbolMap fortran;
    for (const UtilitySymbol& s : fortranSupport())
      fortran[jit_->mangleAndIntern(s.name)] =
          llvm::JITEvaluatedSymbol(llvm::pointerToJITTargetAddress(s.address), llvm::JITSymbolFlags::Exported);
    if (llvm::Error e = libraries_->define(llvm::orc::absoluteSymbols(std::move(fortran)))) {
      error = errorText(std::move(e));
      return false;
    }
    libraries_->addToLinkOrder(main);
    return true;
  }

  // Adds the archives the model names that are not loaded yet: static
  // libraries from their files, C-source libraries built (or read from the
  // cache) as for the FMU.
  bool loadLibraries(const flat::FlatModel& model, std::string& error) {
    llvm::orc::JITDylib& main = *libraries_;
    for (const std::string& path : model.externalLibraries) {
      if (!loaded_.insert("archive:" + path).second) continue;
      auto generator = llvm::orc::StaticLibraryDefinitionGenerator::Load(jit_->getObjLinkingLayer(), path.c_str());
      if (!generator) {
        error = fmt::format("cannot load '{}': {}", path, errorText(generator.takeError()));
        return false;
      }
      main.addGenerator(std::move(*generator));
    }
    for (const flat::SourceLibrary& library : model.sourceLibraries) {
      if (!loaded_.insert("sources:" + library.name + "@" + library.directory).second) continue;
      const LibraryCache cache(LibraryCache::defaultDirectory());
      LibraryArchive archive = buildSourceLibrary(library, cache, emit_);
      if (!archive.ok) {
        error = fmt::format("the C library '{}' does not compile ({})", library.name, archive.failedFile);
        return false;
      }
      auto buffer = llvm::MemoryBuffer::getMemBufferCopy(llvm::StringRef(archive.bytes.data(), archive.bytes.size()),
                                                         library.name);
      auto generator =
          llvm::orc::StaticLibraryDefinitionGenerator::Create(jit_->getObjLinkingLayer(), std::move(buffer));
      if (!generator) {
        error = fmt::format("cannot load the C library '{}': {}", library.name, errorText(generator.takeError()));
        return false;
      }
      main.addGenerator(std::move(*generator));
    }
    return true;
  }

  // The function that calls `symbol` with these C types, compiled once per
  // signature and Include text: the unit of the Include annotations with
  // the caller appended (a static function of the unit is callable there),
  // in a JITDylib of its own over the libraries.
  std::optional<Thunk> thunkFor(const flat::FlatModel& model, const std::string& symbol,
                                const std::vector<CValue>& args, CType returns, std::string& error) {
    std::string key = symbol + "(";
    for (const CValue& a : args) key += abiKind(a.type) + (a.type >= CType::DoubleArray ? "*" : "") + ",";
    key += ")" + abiKind(returns) + "\n" + includeUnitText(model);
    for (const std::string& define : model.cDefines) key += "\n-D" + define;
    if (auto it = thunks_.find(key); it != thunks_.end()) return it->second;

    auto context = std::make_unique<llvm::LLVMContext>();
    std::unique_ptr<llvm::Module> module;
    if (!model.externalIncludes.empty()) {
      CTranslationUnit unit = includeTranslationUnit(model);
      unit.declarationsOf = {symbol};
      CCompilation compiled = compileToModule(unit, *context);
      if (!compiled.ok) {
        error = "the C code of the Include annotations does not compile";
        for (const CDiagnostic& d : compiled.diagnostics)
          if (d.severity == Severity::Error) {
            error += ": " + describe(d);
            break;
          }
        return std::nullopt;
      }
      if (!matchesDeclaration(compiled, symbol, args, returns, error)) return std::nullopt;
      module = std::move(compiled.module);
      if (llvm::Function* defined = module->getFunction(symbol); defined && !defined->isDeclaration())
        defined->setLinkage(llvm::GlobalValue::ExternalLinkage);
    } else {
      module = std::make_unique<llvm::Module>("smc.translation", *context);
    }
    module->setDataLayout(jit_->getDataLayout());
    const std::string name = fmt::format("smc.translation.call.{}", thunks_.size());
    if (!emitCaller(*module, name, symbol, args, returns, error)) return std::nullopt;

    auto dylib = jit_->createJITDylib(name);
    if (!dylib) {
      error = errorText(dylib.takeError());
      return std::nullopt;
    }
    dylib->addToLinkOrder(*libraries_);
    dylib->addToLinkOrder(jit_->getMainJITDylib());
    if (llvm::Error e = jit_->addIRModule(*dylib, llvm::orc::ThreadSafeModule(std::move(module), std::move(context)))) {
      error = errorText(std::move(e));
      return std::nullopt;
    }
    sessionError_.clear();
    auto address = jit_->lookup(*dylib, name);
    if (!address) {
      const std::string failure = errorText(address.takeError());
      error = fmt::format("the model's C code cannot be linked: {}", sessionError_.empty() ? failure : sessionError_);
      return std::nullopt;
    }
    Thunk thunk = address->toPtr<Thunk>();
    thunks_.emplace(std::move(key), thunk);
    return thunk;
  }

  // The unit's C declaration of `symbol`, if it has one, against the call.
  static bool matchesDeclaration(const CCompilation& compiled, const std::string& symbol,
                                 const std::vector<CValue>& args, CType returns, std::string& error) {
    auto declared = compiled.declarations.find(symbol);
    if (declared == compiled.declarations.end() || !declared->second.checkable) return true;
    std::vector<std::string> passed;
    for (const CValue& a : args) passed.push_back(abiKind(a.type));
    if (passed == declared->second.parameters && abiKind(returns) == declared->second.returns) return true;
    error = fmt::format("the C declaration of '{}' at {}:{} does not match the external clause", symbol,
                        declared->second.file, declared->second.line);
    return false;
  }

  // void name(uint64_t* cells, uint64_t* result): loads each argument from
  // its cell with its C type, calls `symbol`, stores what it returns.
  static bool emitCaller(llvm::Module& module, const std::string& name, const std::string& symbol,
                         const std::vector<CValue>& args, CType returns, std::string& error) {
    llvm::LLVMContext& context = module.getContext();
    llvm::Type* ptr = llvm::PointerType::get(context, 0);
    llvm::Type* cell = llvm::Type::getInt64Ty(context);
    std::vector<llvm::Type*> parameters;
    for (const CValue& a : args) parameters.push_back(llvmTypeOf(a.type, context));
    auto* calleeType = llvm::FunctionType::get(llvmTypeOf(returns, context), parameters, false);
    llvm::Function* callee = module.getFunction(symbol);
    if (callee && callee->getFunctionType() != calleeType) {
      error = fmt::format("the C function '{}' has another signature than the external clause gives it", symbol);
      return false;
    }
    if (!callee) callee = llvm::Function::Create(calleeType, llvm::GlobalValue::ExternalLinkage, symbol, module);
    auto* callerType = llvm::FunctionType::get(llvm::Type::getVoidTy(context), {ptr, ptr}, false);
    llvm::Function* caller = llvm::Function::Create(callerType, llvm::GlobalValue::ExternalLinkage, name, module);
    llvm::IRBuilder<> b(llvm::BasicBlock::Create(context, "entry", caller));
    std::vector<llvm::Value*> values;
    for (size_t i = 0; i < args.size(); ++i) {
      llvm::Value* at = b.CreateConstInBoundsGEP1_64(cell, caller->getArg(0), i);
      values.push_back(b.CreateLoad(parameters[i], at));
    }
    llvm::Value* returned = b.CreateCall(calleeType, callee, values);
    if (returns != CType::Void) b.CreateStore(returned, caller->getArg(1));
    b.CreateRetVoid();
    std::string problems;
    llvm::raw_string_ostream out(problems);
    if (llvm::verifyModule(module, &out)) {
      error = "internal error: the call of '" + symbol + "' at translation: " + problems;
      return false;
    }
    return true;
  }

  ObjectEmitter emit_;
  std::unique_ptr<llvm::orc::LLJIT> jit_;
  llvm::orc::JITDylib* libraries_ = nullptr;
  std::string sessionError_;
  std::set<std::string> loaded_;
  std::map<std::string, Thunk> thunks_;
  std::map<std::string, std::pair<std::vector<CValue>, CValue>> answers_;
};

}  // namespace

std::shared_ptr<flat::ExternalRunner> makeJitRunner(ObjectEmitter emit) {
  return std::make_shared<JitRunner>(std::move(emit));
}

}  // namespace smc::externalc
