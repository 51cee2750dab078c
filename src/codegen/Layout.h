// The FMI view of a causal model: for every variable its value reference,
// its ScalarVariable index, and its FMI 2.0 causality/variability/initial,
// derived from the causal role and the declared causality.
//
// Order (ScalarVariable order, also the order in which value references are
// handed out): the flat model's variables in declaration order, except that
// each run of consecutively declared states is followed by the derivatives
// of those states in the same order (x[1..n], then der(x[1..n]): contiguous
// slots, which LLVM's SLP vectorizer needs), and hidden variables (relation states, sample flags and counters that later
// stages synthesize) come after all others. Reals, Integers, Booleans and
// Strings are each numbered from 0 along that order, so `smc_model.real_names[vr]` and
// modelDescription.xml list the visible ones alike; hidden variables have
// slots (and names, for log messages) but no ScalarVariable.
//
// String variables are all constants (causalize/Classify.cpp: every use of
// a String is evaluated at translation); they are numbered like the others
// and their values live in smc_model.string_values.
//
// Variables that alias elimination (causalize/AliasElimination.h) made
// equal to another come after the hidden ones in `vars` and after the
// others in ScalarVariable order, with their representative's value
// reference.
//
// FMI 2.0 (section 2.2.7) allows only some combinations; the mapping is:
//   Constant            local/output, constant, exact (start = its value)
//   Parameter           parameter, fixed, exact
//   CalculatedParameter calculatedParameter, fixed, calculated
//   Input               input, continuous (Real) or discrete, no initial
//   State               local/output, continuous; exact when the start is
//                       literal and initialization keeps it, approx when
//                       literal but initialization solves for the state
//                       (initial equations, fixed=false), calculated when
//                       the start is not literal
//   Derivative          local, continuous, calculated
//   Algebraic           local/output, continuous (Real) or discrete, calculated
//   Alias               local/output, its representative's variability, calculated
//   Discrete            local/output, discrete; exact when the start is
//                       literal (or absent: 0/false) and initialization
//                       keeps it (pre(v) = start, spec 8.6), calculated
//                       otherwise
// Every discrete Real (FMI variability discrete) has SMC_VAR_DISCRETE.
#pragma once

#include "codegen/Literal.h"
#include "frontend/Diagnostics.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace smc::codegen {

enum class FmiCausality { Parameter, CalculatedParameter, Input, Output, Local };
enum class FmiVariability { Constant, Fixed, Discrete, Continuous };
enum class FmiInitial { None, Exact, Approx, Calculated };  // None: attribute not given

const char* toString(FmiCausality causality);
const char* toString(FmiVariability variability);
const char* toString(FmiInitial initial);

struct VarInfo {
  flat::VarId id = 0;
  causal::Role role = causal::Role::Algebraic;
  flat::BaseType type = flat::BaseType::Real;  // Real, Integer, Boolean or String
  int32_t valueReference = 0;                  // within its type's array
  uint32_t index = 0;                          // 1-based ScalarVariable index; 0 if hidden
  bool hidden = false;                         // not in modelDescription.xml
  FmiCausality causality = FmiCausality::Local;
  FmiVariability variability = FmiVariability::Continuous;
  FmiInitial initial = FmiInitial::Calculated;
  // What set_start_values stores. Shown as `start` in modelDescription.xml
  // only when startInXml (FMI forbids a start for initial=calculated).
  Literal start;
  bool startInXml = false;
  // A non-literal start (a guess or a parameter expression) that initialize
  // evaluates before solving the initialization blocks; null otherwise.
  flat::ExprPtr startExpression;
  uint8_t flags = 0;                   // SMC_VAR_* of runtime/include/smc/model.h
  std::optional<uint32_t> derivativeOf;  // ScalarVariable index of the state
  std::optional<double> nominal, min, max;  // literal attributes (Real, Integer)
  // The variable's name with its numbers left out (`r[3].n.i` and `r_3.n.i`
  // give `r[].n.i` and `r_.n.i`), hashed: the members of one array or
  // numbered family of instances share it. Only an ordering preference
  // (RunOrder.h) reads it.
  uint32_t family = 0;
  // An FMI alias (Role::Alias): shares the value reference of this
  // variable and has no slot of its own, so the tables per slot skip it.
  std::optional<flat::VarId> aliasOf;
};

struct Layout {
  std::vector<VarInfo> vars;          // in ScalarVariable order
  std::vector<uint32_t> positionOf;   // VarId -> position in vars
  int32_t numReals = 0, numIntegers = 0, numBooleans = 0, numStrings = 0;
  int32_t numExternalObjects = 0;  // slots of SmcModelData::external_objects

  const VarInfo& of(flat::VarId id) const { return vars[positionOf[id]]; }
};

// Builds the layout, or reports what cannot be represented (String
// variables, a non-Real state, a parameter without a literal value, an
// inconsistent causal model) and returns empty.
std::optional<Layout> buildLayout(const causal::CausalModel& model, DiagnosticEngine& diags);

}  // namespace smc::codegen
