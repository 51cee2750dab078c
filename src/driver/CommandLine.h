// How `smc` answers a command line it cannot act on: a usage error, printed
// as "smc simulate: error: --step: expected a finite number, got 'abc'" with a
// pointer to --help, and exit status 2, whatever CLI11 found wrong (an
// unknown option, a missing argument, a value that is not a number or not
// one of the choices). Status 1 stays for a run that failed.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>

namespace smc::cli {

inline constexpr int kUsageErrorStatus = 2;

// Makes every numeric option of `app` and of its subcommands (CLI11's type
// names FLOAT, INT and UINT) accept only a decimal number of its kind, a
// finite one for FLOAT, and name the option and the value otherwise.
// Called once all options are added, so that none is left out.
void requireDecimalNumbers(CLI::App& app);

// A size in bytes as options take it: a whole number with an optional unit,
// k/kB/M/MB/G/GB/T/TB in powers of 1000 and Ki/KiB/Mi/MiB/Gi/GiB/Ti/TiB in
// powers of 1024, any case ("512MiB", "100k"). The option's value becomes
// the number of bytes; anything else, or a size past 2^64 - 1, is refused
// naming the value. Its type name is SIZE.
CLI::Validator byteSize();

// A C macro definition as a compiler's -D takes it: NAME or NAME=VALUE,
// NAME a C identifier; anything else is refused naming it. Its type name
// is NAME[=VALUE].
CLI::Validator macroDefinition();

// `bytes` as byteSize() reads it back, in the largest binary unit that
// divides it exactly ("4GiB", "1000"), for the defaults --help shows.
std::string byteSizeText(std::uint64_t bytes);

// The exit status after `error` from app.parse(): 0 once --help or
// --version is printed, the usage error status otherwise (printed on
// stderr).
int reportParseError(CLI::App& app, const CLI::ParseError& error);

// Prints a usage error found after parsing (`what` follows "error: ") and
// returns the usage error status.
int usageError(const CLI::App& app, const std::string& what);

}  // namespace smc::cli
