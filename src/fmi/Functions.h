// The 44 functions of FMI 2.0 (sections 2.1.4-2.1.10 common, 3.2 Model
// Exchange, 4.2 Co-Simulation), with the interface each belongs to and
// the capability flag that promises it works, shared by the importer
// (which binds them) and `smc check` (which looks for their exports).
#pragma once

#include <array>
#include <string_view>

namespace smc::fmi {

enum class Interface { Common, ModelExchange, CoSimulation };

struct Function {
  std::string_view name;
  Interface interface;
  // The <CoSimulation> attribute that claims the function does something
  // (e.g. canGetAndSetFMUstate); empty when every FMU must implement it.
  std::string_view capability;
};

extern const std::array<Function, 44> kFunctions;

}  // namespace smc::fmi
