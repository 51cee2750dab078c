// The annotation that links the tests' own C library (tests/e2e/external/
// userlib.c, built as libuserlib.a under SMC_TEST_USERLIB_DIR/linux64) into
// an external function of a test model.
#pragma once

#include <string>

namespace smc::test {

inline std::string userlibAnnotation() {
  return std::string("annotation(Library = \"userlib\", LibraryDirectory = \"file://") + SMC_TEST_USERLIB_DIR +
         "\")";
}

}  // namespace smc::test
