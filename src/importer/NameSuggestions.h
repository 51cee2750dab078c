// "Did you mean ...?" for a variable name the model does not have: FMU
// variable names are long and dotted ("body.frame_a.r_0[1]"), so a typo is
// the usual cause of an unknown name.
#pragma once

#include "importer/ModelDescription.h"

#include <string>
#include <string_view>
#include <vector>

namespace smc::importer {

// Up to `limit` names closest to `name` by edit distance (ties in document
// order), keeping only plausible candidates.
std::vector<std::string> closeMatches(std::string_view name,
                                      const std::vector<ScalarVariable>& variables,
                                      std::size_t limit = 5);

// "no variable named 'kk' in model 'Decay'; did you mean 'k'?"
std::string unknownVariableMessage(std::string_view name, const ModelDescription& description);

// Levenshtein distance, case-sensitive. Exposed for tests.
std::size_t editDistance(std::string_view a, std::string_view b);

}  // namespace smc::importer
