// Module partitioning (codegen/ModuleSplit.h) on a small hand-written
// module shaped like smc's: callbacks in a descriptor, NoInline chunks that
// call an inlinable helper and use string constants, a mutable variable.
#include "codegen/ModuleSplit.h"

#include <llvm/AsmParser/Parser.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Linker/Linker.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>

#include <gtest/gtest.h>

#include <map>

namespace smc::codegen {
namespace {

constexpr const char* kModule = R"(
@message = private unnamed_addr constant [3 x i8] c"hi\00"
@counter = internal global i32 0
@descriptor = hidden constant [1 x ptr] [ptr @callback]

declare void @log(ptr)

define internal double @helper(double %x) {
  %y = fmul double %x, 2.0
  ret double %y
}

define internal void @chunk1(ptr %data) noinline {
  %x = load double, ptr %data
  %y = call double @helper(double %x)
  store double %y, ptr %data
  call void @log(ptr @message)
  ret void
}

define internal void @chunk2(ptr %data) noinline {
  %x = load double, ptr %data
  %y = fadd double %x, 1.0
  store double %y, ptr %data
  %n = load i32, ptr @counter
  %m = add i32 %n, 1
  store i32 %m, ptr @counter
  ret void
}

define internal void @chunk3(ptr %data) noinline {
  %x = load double, ptr %data
  %y = call double @helper(double %x)
  %z = fsub double %y, %x
  store double %z, ptr %data
  ret void
}

define internal void @callback(ptr %data) {
  call void @chunk1(ptr %data)
  call void @chunk2(ptr %data)
  call void @chunk3(ptr %data)
  ret void
}
)";

class ModuleSplitTest : public ::testing::Test {
protected:
  std::unique_ptr<llvm::Module> parse(const char* text) {
    llvm::SMDiagnostic error;
    std::unique_ptr<llvm::Module> module = llvm::parseAssemblyString(text, error, context);
    if (!module) {
      std::string message;
      llvm::raw_string_ostream out(message);
      error.print("ModuleSplitTest", out);
      ADD_FAILURE() << message;
    }
    return module;
  }

  std::vector<std::unique_ptr<llvm::Module>> split(unsigned count) {
    std::vector<std::unique_ptr<llvm::Module>> parts;
    splitModule(parse(kModule), count,
                [&](std::unique_ptr<llvm::Module> part) { parts.push_back(std::move(part)); });
    return parts;
  }

  // For each global name, how many partitions define it.
  static std::map<std::string, int> definitions(
      const std::vector<std::unique_ptr<llvm::Module>>& parts) {
    std::map<std::string, int> defined;
    for (const auto& part : parts)
      for (const llvm::GlobalValue& value : part->global_values())
        if (!value.isDeclaration()) ++defined[value.getName().str()];
    return defined;
  }

  llvm::LLVMContext context;
};

TEST_F(ModuleSplitTest, PartitionCountFollowsTheSizeAndTheMovableFunctions) {
  std::unique_ptr<llvm::Module> module = parse(kModule);  // 23 instructions, 3 NoInline
  EXPECT_EQ(partitionCount(*module, 1000), 1u);
  EXPECT_EQ(partitionCount(*module, 12), 2u);
  EXPECT_EQ(partitionCount(*module, 10), 3u);
  EXPECT_EQ(partitionCount(*module, 1), 4u);  // one per movable function, plus the rest
  std::unique_ptr<llvm::Module> nothingMovable =
      parse("define void @f() {\n  ret void\n}\n");
  EXPECT_EQ(partitionCount(*nothingMovable, 1), 1u);
}

TEST_F(ModuleSplitTest, EachPartitionVerifiesAndEachChunkIsDefinedOnce) {
  std::vector<std::unique_ptr<llvm::Module>> parts = split(3);
  ASSERT_EQ(parts.size(), 3u);
  for (const auto& part : parts) {
    std::string problems;
    llvm::raw_string_ostream out(problems);
    EXPECT_FALSE(llvm::verifyModule(*part, &out)) << problems;
  }
  std::map<std::string, int> defined = definitions(parts);
  for (const char* chunk : {"smc.part.chunk1", "smc.part.chunk2", "smc.part.chunk3"}) {
    EXPECT_EQ(defined[chunk], 1) << chunk;
    for (const auto& part : parts) {
      const llvm::Function* f = part->getFunction(chunk);
      if (f && !f->isDeclaration()) {
        EXPECT_TRUE(f->hasExternalLinkage()) << chunk;
        EXPECT_TRUE(f->hasHiddenVisibility()) << chunk;
      }
    }
  }
  // The descriptor and the callback stay in partition 0, the last one
  // handed over.
  EXPECT_EQ(defined["descriptor"], 1);
  EXPECT_EQ(defined["callback"], 1);
  EXPECT_FALSE(parts.back()->getFunction("callback")->isDeclaration());
}

TEST_F(ModuleSplitTest, LocalHelpersAndConstantsAreCopiedIntoThePartitionsThatUseThem) {
  std::vector<std::unique_ptr<llvm::Module>> parts = split(4);  // a chunk per partition
  ASSERT_EQ(parts.size(), 4u);
  for (const auto& part : parts) {
    auto defines = [&](const char* name) {
      const llvm::GlobalValue* value = part->getNamedValue(name);
      return value && !value->isDeclaration();
    };
    const bool usesHelper = defines("smc.part.chunk1") || defines("smc.part.chunk3");
    // A private copy, so the optimizer may inline it.
    EXPECT_EQ(defines("helper"), usesHelper || part == parts.back());
    if (defines("helper")) {
      EXPECT_TRUE(part->getFunction("helper")->hasLocalLinkage());
    }
    if (defines("smc.part.chunk1")) {
      EXPECT_TRUE(defines("message"));
    }
  }
}

TEST_F(ModuleSplitTest, MutableVariableIsDefinedOnceAndSharedByName) {
  std::vector<std::unique_ptr<llvm::Module>> parts = split(4);
  EXPECT_EQ(definitions(parts)["smc.part.counter"], 1);
  const llvm::GlobalVariable* counter = parts.back()->getNamedGlobal("smc.part.counter");
  ASSERT_NE(counter, nullptr);
  EXPECT_FALSE(counter->isDeclaration());
  EXPECT_TRUE(counter->hasHiddenVisibility());
}

TEST_F(ModuleSplitTest, LinkedPartitionsLeaveNoDefinedSymbolUnresolved) {
  std::vector<std::unique_ptr<llvm::Module>> parts = split(4);
  std::unique_ptr<llvm::Module> whole = std::move(parts.back());
  parts.pop_back();
  for (auto& part : parts) ASSERT_FALSE(llvm::Linker::linkModules(*whole, std::move(part)));
  std::string problems;
  llvm::raw_string_ostream out(problems);
  EXPECT_FALSE(llvm::verifyModule(*whole, &out)) << problems;
  for (const llvm::Function& f : *whole) {
    if (f.isDeclaration()) {
      EXPECT_EQ(f.getName(), "log");  // the only true external
    }
  }
}

}  // namespace
}  // namespace smc::codegen
