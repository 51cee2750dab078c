// The limits smc puts on a model's size and nesting, in one place. A model
// beyond them is refused with a located error instead of exhausting the
// stack or memory (docs/robustness.md, "Resource limits", lists them).
// Each value is far above what a hand-written or library model needs, and
// low enough that a Debug build on an 8 MB stack stays safe (the `smc`
// binary itself runs on a 64 MB stack, which leaves room for the larger
// frames of a sanitized build).
#pragma once

#include <cstddef>

namespace smc::limits {

// Bytes of one source file, checked before it is lexed. Parsing holds
// only the tokens and parse tree of the items being read (ChunkedParser.h),
// but the AST of a file of plain scalar equations weighs some 40 times the
// text, and later stages more: a file at this limit already holds about a
// million scalar equations (the model size limit below).
constexpr size_t kMaxSourceBytes = 64u << 20;

// Parser rule nesting (about 130 levels of parentheses, each costing ~11
// rules). ANTLR's recursive-descent parser recurses once per rule, so this
// is checked inside the parser, before the AST builder or any later stage
// can recurse over the tree.
constexpr size_t kMaxRuleDepth = 1500;

// Parentheses, brackets and braces open at once, counted on the tokens
// before parsing. Below the rule depth limit (parentheses cost about 11
// rules a level), and ANTLR's lookahead over a deep nest is quadratic.
constexpr size_t kMaxBracketDepth = 100;

// Operands of one operator chain (`a + b + ... `). The grammar repeats them
// without recursion, but the AST folds them into a left-nested tree that
// every later stage walks recursively, one stack frame (or more) per level.
// Measured on a Debug build with an 8 MB stack: flattening a chain of 3000
// overflows the stack, 2000 compiles through every stage; half of that.
constexpr size_t kMaxOperands = 1000;

// Depth of one expression tree, however it is nested (a chain inside
// parentheses inside a chain...): the same measurement, with room for the
// few levels a chain's operands add.
constexpr size_t kMaxExpressionDepth = 1200;

// Parts of one dotted name (`a.b.c`). Name lookup walks the parts once per
// enclosing scope and prefix, which grows quadratically: 8000 parts took 15
// seconds to flatten. Real names have a handful.
constexpr size_t kMaxNameParts = 1000;

// Classes in one chain of inheritance (A extends B, B extends C, ...).
// Flattening adds a base class's elements recursively, a few stack frames
// per level. Library hierarchies are a dozen levels deep.
constexpr int kMaxExtendsDepth = 1000;

// Elements of one array (a component, fill(), a range, a for-loop's index
// combinations). smc expands arrays into scalars, each a named flat
// variable with its equation, dependency entries and value reference: a
// million of them already takes on the order of a gigabyte across stages.
constexpr long long kMaxArrayElements = 1'000'000;

// Scalar variables plus class instances of the whole flattened model, for
// the same reason (many arrays each under the limit add up).
constexpr long long kMaxModelScalars = 1'000'000;

// Flat functions built from one function class. A function is built once
// per call shape (its array inputs' sizes and the values its sizes read);
// a recursion whose sizes change at every level would otherwise build
// without end.
constexpr int kMaxFunctionSpecializations = 64;

// Builds of one function for the values of its String inputs known at
// translation (which fold `if unit == "mm"`); the calls beyond share one
// build that takes the strings as variables, so a model with a hundred
// noise blocks (each seeding from its own getInstanceName()) still compiles.
constexpr int kMaxFoldedStringSpecializations = 16;

// Scalar variables of one flat function: its arrays live on the stack of
// the thread that calls the FMU (which may be a master's worker thread with
// a small stack), and its array inputs are passed as scalar arguments.
constexpr size_t kMaxFunctionScalars = 65536;

}  // namespace smc::limits
