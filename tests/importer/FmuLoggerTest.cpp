// The C logger callback: printf-style formatting of any length, routing by
// componentEnvironment, the default stderr format, and remembering the last
// problem for error messages.
#include "importer/FmuLogger.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace smc::importer;
using testing::internal::CaptureStderr;
using testing::internal::GetCapturedStderr;

TEST(FmuLogger, FormatsPrintfArgumentsAndRoutesToTheSink) {
  std::vector<std::string> seen;
  LogRouter router([&](const LogMessage& m) {
    seen.push_back(std::string(m.instanceName) + "|" + fmi2::statusName(m.status) + "|" +
                   std::string(m.category) + "|" + std::string(m.message));
  });
  fmi2::CallbackFunctions callbacks = LogRouter::callbacks(&router);
  EXPECT_EQ(callbacks.componentEnvironment, &router);
  callbacks.logger(callbacks.componentEnvironment, "inst", fmi2::Status::Warning, "cat",
                   "%s=%d (%.2f)", "n", 42, 0.5);
  EXPECT_EQ(seen, std::vector<std::string>{"inst|fmi2Warning|cat|n=42 (0.50)"});
}

TEST(FmuLogger, LongMessagesAreNotTruncated) {
  std::string message;
  LogRouter router([&](const LogMessage& m) { message = m.message; });
  std::string longText(100000, 'a');
  fmi2::CallbackFunctions callbacks = LogRouter::callbacks(&router);
  callbacks.logger(&router, "inst", fmi2::Status::OK, "cat", "<%s>", longText.c_str());
  EXPECT_EQ(message, "<" + longText + ">");
}

TEST(FmuLogger, DefaultSinkWritesInstanceStatusCategoryToStderr) {
  LogRouter router(nullptr);
  fmi2::CallbackFunctions callbacks = LogRouter::callbacks(&router);
  CaptureStderr();
  callbacks.logger(&router, "inst", fmi2::Status::Error, "logStatusError", "bad %s", "thing");
  EXPECT_EQ(GetCapturedStderr(), "inst: fmi2Error [logStatusError]: bad thing\n");
}

TEST(FmuLogger, NullArgumentsFromASloppyFmuDoNotCrash) {
  fmi2::CallbackFunctions callbacks = LogRouter::callbacks(nullptr);
  CaptureStderr();
  callbacks.logger(nullptr, nullptr, fmi2::Status::OK, nullptr, nullptr);
  EXPECT_EQ(GetCapturedStderr(), ": fmi2OK []: \n");
}

TEST(FmuLogger, RemembersTheLastProblemButNotInformation) {
  LogRouter router([](const LogMessage&) {});
  fmi2::CallbackFunctions callbacks = LogRouter::callbacks(&router);
  callbacks.logger(&router, "i", fmi2::Status::Error, "c", "first problem");
  callbacks.logger(&router, "i", fmi2::Status::OK, "c", "just information");
  EXPECT_EQ(router.lastProblem(), "first problem");
  callbacks.logger(&router, "i", fmi2::Status::Discard, "c", "second problem");
  EXPECT_EQ(router.lastProblem(), "second problem");
  router.clearLastProblem();
  EXPECT_EQ(router.lastProblem(), "");
}

TEST(FmuLogger, ThrowingSinkDoesNotUnwindThroughTheFmu) {
  LogRouter router([](const LogMessage&) { throw std::runtime_error("sink failed"); });
  fmi2::CallbackFunctions callbacks = LogRouter::callbacks(&router);
  CaptureStderr();
  callbacks.logger(&router, "i", fmi2::Status::OK, "c", "message");
  EXPECT_NE(GetCapturedStderr().find("message dropped"), std::string::npos);
}

TEST(FmuLogger, MemoryCallbacksReturnZeroedMemory) {
  fmi2::CallbackFunctions callbacks = LogRouter::callbacks(nullptr);
  auto* bytes = static_cast<unsigned char*>(callbacks.allocateMemory(16, 4));
  ASSERT_NE(bytes, nullptr);
  for (int i = 0; i < 64; ++i) EXPECT_EQ(bytes[i], 0) << i;
  callbacks.freeMemory(bytes);
  EXPECT_EQ(callbacks.stepFinished, nullptr);  // no asynchronous steps
}
