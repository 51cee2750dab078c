// `--set name=value`: each setting is checked against the model description
// before the FMU binary is even loaded (name exists, the variable may be
// set before initialization, the text is a valid value of its type), then
// applied between fmi2SetupExperiment and fmi2EnterInitializationMode.
#pragma once

#include "importer/FmuInstance.h"
#include "importer/ModelDescription.h"
#include "importer/Result.h"

#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace smc::importer {

struct Setting {
  std::string name;
  fmi2::ValueReference valueReference = 0;
  // Real -> double, Integer and Enumeration -> int, Boolean -> bool.
  std::variant<double, int, bool, std::string> value;
};

Result<std::vector<Setting>> resolveSettings(
    const ModelDescription& description,
    const std::vector<std::pair<std::string, std::string>>& assignments);

// Why `variable` may not be set before initialization (FMI 2.0 section
// 4.2.4, state "Instantiated"), or an empty string when it may.
std::string whyNotSettable(const ScalarVariable& variable);

// A value the FMU refuses (fmi2Discard) is an error too: the run has not
// started, so there is nothing to stop cleanly.
Result<void> applySettings(FmuInstance& instance, const std::vector<Setting>& settings,
                           double time);

}  // namespace smc::importer
