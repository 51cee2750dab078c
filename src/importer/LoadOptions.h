// How an FMU is opened for running (importer/Session.h): the bounds on
// unpacking it, and whether `smc check` must find it valid first.
#pragma once

#include "archive/ArchiveLimits.h"

namespace smc::importer {

struct LoadOptions {
  archive::ArchiveLimits limits{};
  // Refuse an FMU that `smc check` finds errors in; false (--no-check)
  // still requires an archive that unpacks safely and a binary whose
  // layout is sound.
  bool requireValid = true;
};

}  // namespace smc::importer
