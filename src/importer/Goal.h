// The condition of `smc explore --goal "h < 0.1 and not valve"`: a small
// expression language over an FMU's variables, written by hand because none
// of our dependencies parses expressions outside Modelica models (the
// importer does not link the compiler's frontend). Grammar:
//   or    := and ('or' and)*          and := not ('and' not)*
//   not   := 'not' not | cmp          cmp := sum (('<'|'<='|'>'|'>='|'=='|'<>') sum)?
//   sum   := term (('+'|'-') term)*   term := unary (('*'|'/') unary)*
//   unary := '-' unary | number | 'true' | 'false' | name | '(' or ')'
// Names are FMU variable names as written in modelDescription.xml,
// including subscripts and parentheses (`x[2]`, `der(x)`,
// `activeState(state1.stateX)`). Every value is read as a double
// (Booleans as 0 and 1); a condition holds when its value is not 0.
#pragma once

#include "importer/FmuInstance.h"
#include "importer/ModelDescription.h"
#include "importer/Result.h"

#include <memory>
#include <string>
#include <vector>

namespace smc::importer {

class Goal {
public:
  // Parses `text` and resolves its names in `description`; errors point at
  // the column of the problem.
  static Result<Goal> parse(const std::string& text, const ModelDescription& description);

  // Reads the variables it needs from `instance` and evaluates.
  Result<bool> holds(FmuInstance& instance, double time) const;
  // Evaluates with the values given per variable (in variables() order).
  bool holdsFor(const std::vector<double>& values) const;

  const std::string& text() const { return text_; }
  const std::vector<const ScalarVariable*>& variables() const { return variables_; }

  struct Node;

private:
  std::string text_;
  std::shared_ptr<const Node> root_;
  std::vector<const ScalarVariable*> variables_;
};

}  // namespace smc::importer
