// Entry point of src/flatten: the class tree of the loaded files -> the flat
// model of one top class (`--model Name`, or the only class of the file).
#pragma once

#include "flatten/ClassTree.h"
#include "flatten/FlatModel.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace smc {

// The class to simulate: `modelName` when given (a dotted name looked up
// globally), otherwise the single class defined by the user's file.
flatten::ClassNode* selectTopClass(flatten::ClassTree& tree,
                                   const std::vector<flatten::ClassNode*>& fileClasses,
                                   const std::string& modelName, DiagnosticEngine& diags);

// Flattens `top`; empty when any error was reported. With a runner, pure
// external functions give values at translation (ExternalRunner.h), their C
// code compiled with the macros `cDefines` (FlatModel::cDefines).
std::optional<flat::FlatModel> flattenModel(flatten::ClassTree& tree, flatten::ClassNode* top,
                                            DiagnosticEngine& diags,
                                            std::shared_ptr<flat::ExternalRunner> externalRunner = nullptr,
                                            std::vector<std::string> cDefines = {});

}  // namespace smc
