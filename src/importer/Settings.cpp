// Checking and applying `--set`; see Settings.h. Before
// fmi2EnterInitializationMode, FMI 2.0 allows fmi2Set* on variables that
// are not constants and have initial "exact" or "approx", and on inputs.
#include "importer/Settings.h"

#include "importer/NameSuggestions.h"
#include "importer/TextValues.h"

#include <fmt/format.h>

#include <optional>
#include <type_traits>

namespace smc::importer {

std::string whyNotSettable(const ScalarVariable& v) {
  if (v.variability == Variability::Constant) return "it is a constant";
  if (v.causality == Causality::Independent) return "it is the independent variable";
  if (v.causality == Causality::Input || v.initial == Initial::Exact ||
      v.initial == Initial::Approx) {
    return {};
  }
  return fmt::format("it is computed by the FMU (causality={}, variability={}, initial={}); "
                     "only parameters, inputs and variables with initial=\"exact\" or "
                     "\"approx\" can be set",
                     toString(v.causality), toString(v.variability), toString(v.initial));
}

namespace {

Result<Setting> parseSetting(const ScalarVariable& v, const std::string& text) {
  Setting setting{v.name, v.valueReference, 0.0};
  auto invalid = [&](const char* expected) {
    return Error{fmt::format("cannot set '{}': '{}' is not {}", v.name, text, expected)};
  };
  switch (v.type) {
  case VariableType::Real: {
    std::optional<double> value = parseReal(text);
    if (!value) return invalid("a Real number");
    setting.value = *value;
    break;
  }
  case VariableType::Integer:
  case VariableType::Enumeration: {
    std::optional<int> value = parseInteger(text);
    if (!value) return invalid("an Integer");
    setting.value = *value;
    break;
  }
  case VariableType::Boolean: {
    std::optional<bool> value = parseBoolean(text);
    if (!value) return invalid("a Boolean (true, false, 1 or 0)");
    setting.value = *value;
    break;
  }
  case VariableType::String: setting.value = text; break;
  }
  return setting;
}

}  // namespace

Result<std::vector<Setting>> resolveSettings(
    const ModelDescription& description,
    const std::vector<std::pair<std::string, std::string>>& assignments) {
  std::vector<Setting> settings;
  for (const auto& [name, text] : assignments) {
    const ScalarVariable* variable = description.find(name);
    if (variable == nullptr) {
      return Error{"cannot set '" + name + "': " + unknownVariableMessage(name, description)};
    }
    if (std::string reason = whyNotSettable(*variable); !reason.empty()) {
      return Error{fmt::format("cannot set '{}': {}", name, reason)};
    }
    Result<Setting> setting = parseSetting(*variable, text);
    if (!setting) return setting.error();
    settings.push_back(std::move(setting).value());
  }
  return settings;
}

Result<void> applySettings(FmuInstance& instance, const std::vector<Setting>& settings,
                           double time) {
  for (const Setting& s : settings) {
    Result<fmi2::Status> status = std::visit(
        [&](const auto& value) -> Result<fmi2::Status> {
          using T = std::decay_t<decltype(value)>;
          if constexpr (std::is_same_v<T, double>) {
            return instance.setReal(s.valueReference, value, time);
          } else if constexpr (std::is_same_v<T, int>) {
            return instance.setInteger(s.valueReference, value, time);
          } else if constexpr (std::is_same_v<T, bool>) {
            return instance.setBoolean(s.valueReference, value, time);
          } else {
            return instance.setString(s.valueReference, value, time);
          }
        },
        s.value);
    if (!status) return Error{fmt::format("cannot set '{}': {}", s.name, status.error().message)};
    if (*status == fmi2::Status::Discard) {
      return Error{fmt::format("cannot set '{}': the FMU rejected the value (fmi2Discard)",
                               s.name)};
    }
  }
  return {};
}

}  // namespace smc::importer
