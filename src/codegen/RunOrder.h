// An evaluation order that puts alike assignments next to each other, so
// that they form runs (AssignRuns.h).
//
// Causalization orders a list only by what each block needs first, so the
// equations of N instances of one class come out interleaved: the BLT of N
// parallel state machines holds machine 1's reset, selection and outputs,
// then machine 3's, then machine 2's, and so on; that of N lags in series
// alternates l[i].u and l[i].y. The code generator applies this order to
// every callback's list and to every clocked partition. Any order that keeps every
// dependency computes the same values (an assignment is a pure function of
// the slots it reads), so this pass picks one, list scheduling with two
// preferences: go on with an assignment alike the last one while one is
// ready, taking the lowest target value reference first (instances number
// their variables in the same order, so their slots then advance evenly),
// one family of targets after the other (`r_k.n.i` for every k, then
// `c_k.n.i`: names but for their numbers, Layout.h);
// failing that, with one alike but for its source ranges and Real literal
// values (scalar equations written one per line); otherwise take the ready
// block that came first. (What can tell the orders apart is only which of
// two failing assignments, say two user functions' failed asserts, reports
// first.) "Alike" is a hash of the expression's shape, payloads, source
// ranges and slot types; findAssignRun still checks every run in full.
//
// Only stretches of assignments move; any other block (a loop, a
// when-block, an algorithm, a clocked partition) stays where it is and
// nothing moves across it. Within a stretch the dependencies kept are: a
// read after the write of the same variable, a write after its earlier
// reads, and a write after an earlier write of it. Reads inside pre() are of
// the previous event iteration's values and constrain nothing.
#pragma once

#include "codegen/Layout.h"

#include <vector>

namespace smc::codegen {

std::vector<const causal::Block*> orderForRuns(const Layout& layout,
                                               std::vector<const causal::Block*> blocks);

}  // namespace smc::codegen
