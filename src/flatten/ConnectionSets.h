// Connection sets (spec 9.2): the equations that connect() stands for.
//
// Each connect(a, b) pairs the primitive components of a and b by name; a
// pair's elements are (variable, inside or outside) tuples, where a
// connector of the class writing the connect is outside and a connector of
// one of its components is inside. Sets that share an element merge, so the
// same variable seen from two levels of the hierarchy (a.p.i inside in the
// parent, outside in a) stays in two sets. Every flow variable also starts
// in a set of its own as inside, which leaves it alone, and hence zero, when
// nothing connects it from outside its component.
//
// After the whole model is lowered, each set becomes equations: potential
// variables equal the set's first element; flow variables sum to zero with
// sign +1 inside and -1 outside.
#pragma once

#include "flatten/FlatModel.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace smc::flatten {

class ConnectionSets {
public:
  // connect() joined the elements a and b; `range` is the connect-equation,
  // `origin` the instance path of the class that writes it.
  void connect(flat::ConnectionElement a, flat::ConnectionElement b, SourceRange range,
               const std::string& origin);
  // A flow variable's own set <var, inside> (or <var, outside>, which a
  // flow added to an expandable connector also has): `declaration` and
  // `origin` (the instance that holds its connector) locate the equation
  // var = 0 that it gives when nothing joins it.
  void addFlowVariable(flat::VarId var, SourceRange declaration, const std::string& origin, bool outside = false);
  // Appends every set's equations to model.equations and records the sets
  // in model.connectionSets (for --dump=connections).
  void generateEquations(flat::FlatModel& model);

private:
  struct Node {
    flat::ConnectionElement element;
    uint32_t parent;
    SourceRange joined;  // the connect-equation (or declaration) that added it
    std::string origin;
    // Where the element first took part in a connect (2 per connect: a, b),
    // or kNotConnected: orders sets and their elements as the model reads.
    uint32_t firstMention;
  };
  static constexpr uint32_t kNotConnected = UINT32_MAX;
  uint32_t node(flat::ConnectionElement element, SourceRange range, const std::string& origin);
  uint32_t find(uint32_t n);

  std::vector<Node> nodes_;
  std::unordered_map<uint64_t, uint32_t> index_;  // (var << 1 | outside) -> node
  uint32_t connects_ = 0;
};

// `smc --dump=connections`: every connection set, its elements with
// inside/outside and the equations it gave.
std::string dumpConnectionSets(const flat::FlatModel& model);

}  // namespace smc::flatten
