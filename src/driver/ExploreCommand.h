// `smc explore FMU --input ... --period T --depth d [--goal G]`: prints the
// search's report (and writes it as JSON). Under `mpirun -np N` the search
// splits into subtree tasks spread over the ranks (importer/ExploreSearch.h
// through distributed/TaskFarm.h) and rank 0 prints what one process
// prints, the wall times aside.
#pragma once

#include "importer/Explore.h"

#include <string>

namespace smc {

// Exit status 0 when the goal was reached (or the whole tree explored
// without a goal), 1 when it was not, 2 when the search could not run.
// nodeTimesPath: where to write each save-restore node's seconds (CSV:
// the path as choice numbers joined by '.', then the seconds); empty: not
// measured.
int runExploreCommand(importer::ExploreOptions& options, const std::string& jsonPath,
                      const std::string& nodeTimesPath);

}  // namespace smc
