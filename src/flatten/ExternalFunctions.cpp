// External functions (spec 12.9): a function whose body is `external "C"`
// becomes a flat::ExternalCall, the C call with its arguments mapped from
// the function's variables, and the static libraries its annotation names
// are found for the linker.
//
// The explicit form `external "C" y = f(x, size(x, 1))` maps each argument
// as written: a whole array variable is passed by its address (row-major),
// a scalar output by its address, `size(x, 1)` as a size_t (sizes are known
// per call shape, so it is a literal here), anything else by value. Without a call, the
// default form calls the function's own name with every input in order,
// an array followed by its sizes as size_t, then returns the only output,
// or passes every output the same way after the inputs.
//
// annotation(Library = "name" or {"a", "b"}, LibraryDirectory = uri): each
// library is looked up as lib<name>.a in <directory>/linux64, then in
// <directory>; the directory defaults to
// modelica://<top-level package>/Resources/Library. The C library and libm
// are linked into every FMU already, so "m" and "c" need no archive. A
// library without an archive is compiled from C sources: <name>.c or the
// .c files of <name>/ in its SourceDirectory (default
// modelica://<top-level package>/Resources/Source), or, for the libraries
// tools build from the MSL's sources (ToolLibraries.h), those files from
// the IncludeDirectory, the top-level package's Resources/C-Sources or the
// MSL's.
//
// annotation(Include = "C code", IncludeDirectory = uri): the code goes into
// the model's C translation unit, the directory (default
// modelica://<top-level package>/Resources/Include) onto its include path.
#include "flatten/Flattener.h"
#include "flatten/ToolLibraries.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <fmt/format.h>

namespace smc::flatten {

namespace {

// The function's declared variable `name`, if it has one.
std::optional<uint32_t> declaredIndex(const flat::Function& fn, const std::string& name) {
  for (size_t i = 0; i < fn.declared.size(); ++i)
    if (fn.declared[i].name == name) return static_cast<uint32_t>(i);
  return std::nullopt;
}

// The String values of an annotation argument: "a" or {"a", "b"}.
std::vector<std::string> annotationStrings(const ast::Expr& value) {
  std::vector<std::string> out;
  if (value.kind == ast::ExprKind::String) out.push_back(value.text);
  if (value.kind == ast::ExprKind::Array)
    for (const auto& element : value.args)
      if (element && element->kind == ast::ExprKind::String) out.push_back(element->text);
  return out;
}

const ast::Expr* annotationValue(const ast::Annotation* annotation, const std::string& name) {
  if (!annotation) return nullptr;
  for (const ast::ElementModification& arg : annotation->modification.arguments)
    if (arg.path.str() == name && arg.modification && arg.modification->binding) return arg.modification->binding.get();
  return nullptr;
}

}  // namespace

void Flattener::lowerExternalCall(FunctionBuild& build) {
  const FunctionInterface& interface = *build.interface;
  ClassNode* cls = interface.external;
  const ast::ClassDef& def = *cls->def;
  if (!interface.records.empty()) {
    diags_.unsupported(def.externalRange, fmt::format("record arguments of external function '{}'", build.fn.name));
    return;
  }
  flat::ExternalCall call;
  call.range = def.externalRange;
  call.symbol = def.externalFunction.empty() ? def.name : def.externalFunction;
  call.impure = def.isImpure;
  if (def.externalLanguage == "FORTRAN 77") {
    call.language = flat::ExternalLanguage::Fortran77;
    // gfortran's name for the routine.
    std::transform(call.symbol.begin(), call.symbol.end(), call.symbol.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    call.symbol += "_";
    for (const flat::DeclaredVariable& declared : build.fn.declared) {
      const flat::BaseType type = build.fn.variables[declared.first].type;
      if (type == flat::BaseType::String && declared.causality == flat::Causality::Output) {
        diags_.errorf(def.externalRange, "a FORTRAN 77 routine cannot return the String output '{}' of '{}'",
                      declared.name, build.fn.name);
        return;
      }
      if (type == flat::BaseType::Boolean && !declared.dims.empty()) {
        diags_.unsupported(def.externalRange, fmt::format("the Boolean array '{}' of FORTRAN 77 routine '{}'",
                                                          declared.name, build.fn.name));
        return;
      }
    }
  }
  if (def.externalFunction.empty()) {
    defaultExternalArguments(build, call);
  } else {
    Scope scope{nullptr, cls, nullptr, &build.names, &build};
    if (def.externalOutput) {
      const ast::ComponentRef& ref = *def.externalOutput;
      auto index = ref.parts.size() == 1 && ref.parts[0].subscripts.empty()
                       ? declaredIndex(build.fn, ref.parts[0].name)
                       : std::nullopt;
      const flat::DeclaredVariable* declared = index ? &build.fn.declared[*index] : nullptr;
      if (!declared || declared->causality != flat::Causality::Output || !declared->dims.empty()) {
        diags_.errorf(ref.range, "the value of an external call must go to a scalar output of '{}'",
                      build.fn.name);
        return;
      }
      call.result = declared->first;
    }
    bool ok = true;
    for (const auto& arg : def.externalArgs) ok = externalArgument(*arg, build, scope, call.args) && ok;
    if (!ok) return;
  }
  // FORTRAN 77 has no size_t: a size is an INTEGER like any other.
  if (call.language == flat::ExternalLanguage::Fortran77)
    for (flat::ExternalArg& arg : call.args)
      if (arg.kind == flat::ExternalArgKind::Size) arg.kind = flat::ExternalArgKind::Value;
  addExternalLibraries(def, cls, call);
  addExternalInclude(def, cls);
  build.fn.external = std::move(call);
}

bool Flattener::externalArgument(const ast::Expr& arg, FunctionBuild& build, const Scope& scope,
                                 std::vector<flat::ExternalArg>& out) {
  flat::ExternalArg mapped;
  if (arg.kind == ast::ExprKind::Ref && arg.ref.parts.size() == 1 && arg.ref.parts[0].subscripts.empty())
    if (auto index = declaredIndex(build.fn, arg.ref.parts[0].name)) {
      const flat::DeclaredVariable& declared = build.fn.declared[*index];
      if (!declared.dims.empty()) {
        mapped.kind = flat::ExternalArgKind::Array;
        mapped.declared = *index;
        out.push_back(std::move(mapped));
        return true;
      }
      if (declared.causality == flat::Causality::Output) {
        mapped.kind = flat::ExternalArgKind::OutputAddress;
        mapped.variable = declared.first;
        out.push_back(std::move(mapped));
        return true;
      }
    }
  auto value = lower(arg, scope);
  if (!value) return false;
  if (!value->isScalar()) {
    diags_.errorf(arg.range, "an argument of an external call must be a scalar or a whole array variable");
    return false;
  }
  mapped.value = value->elements[0];
  // size(a, i) goes to C as a size_t, as in the default form: the MSL's C
  // prototypes expect it so, like other tools pass it.
  if (arg.kind == ast::ExprKind::Call && simpleCalleeName(arg) == "size" && mapped.value->kind == flat::ExprKind::Integer)
    mapped.kind = flat::ExternalArgKind::Size;
  out.push_back(std::move(mapped));
  return true;
}

void Flattener::defaultExternalArguments(FunctionBuild& build, flat::ExternalCall& call) {
  const flat::Function& fn = build.fn;
  auto pass = [&](uint32_t index, bool output) {
    const flat::DeclaredVariable& declared = fn.declared[index];
    flat::ExternalArg arg;
    if (declared.dims.empty()) {
      arg.kind = output ? flat::ExternalArgKind::OutputAddress : flat::ExternalArgKind::Value;
      if (output) {
        arg.variable = declared.first;
      } else {
        // A String input is its value for this call shape.
        auto known = build.names.find(declared.name);
        const bool isString = fn.variables[declared.first].type == flat::BaseType::String;
        arg.value = isString && known != build.names.end() && known->second.isScalar()
                        ? known->second.elements[0]
                        : flat::makeVar(declared.first, call.range);
      }
      call.args.push_back(std::move(arg));
      return;
    }
    arg.kind = flat::ExternalArgKind::Array;
    arg.declared = index;
    call.args.push_back(std::move(arg));
    for (long long size : declared.dims) {
      flat::ExternalArg sizeArg;
      sizeArg.kind = flat::ExternalArgKind::Size;
      sizeArg.value = flat::makeInteger(size, call.range);
      call.args.push_back(std::move(sizeArg));
    }
  };
  std::vector<uint32_t> outputs;
  for (uint32_t i = 0; i < fn.declared.size(); ++i) {
    if (fn.declared[i].causality == flat::Causality::Input) pass(i, false);
    if (fn.declared[i].causality == flat::Causality::Output) outputs.push_back(i);
  }
  if (outputs.size() == 1 && fn.declared[outputs[0]].dims.empty()) {
    call.result = fn.declared[outputs[0]].first;
    return;
  }
  for (uint32_t index : outputs) pass(index, true);
}

std::string Flattener::resourceDirectory(const std::string& uri, SourceRange where) {
  namespace fs = std::filesystem;
  constexpr std::string_view modelicaScheme = "modelica://", fileScheme = "file://";
  if (uri.rfind(fileScheme, 0) == 0) return uri.substr(fileScheme.size());
  if (uri.rfind(modelicaScheme, 0) != 0) {
    // A plain path is relative to the file that writes it.
    fs::path path(uri);
    if (path.is_absolute()) return uri;
    return (fs::path(diags_.sources().path(where.begin.file)).parent_path() / path).string();
  }
  // modelica://Top.Pkg/dir: relative to the directory of class Top.Pkg
  // (spec 13.5): the top-level package's directory, then one directory
  // per further name, as packages map to directories.
  const std::string rest = uri.substr(modelicaScheme.size());
  const size_t slash = rest.find('/');
  const std::string className = rest.substr(0, slash);
  std::vector<std::string> names;
  for (size_t begin = 0;;) {
    const size_t dot = className.find('.', begin);
    names.push_back(className.substr(begin, dot == std::string::npos ? std::string::npos : dot - begin));
    if (dot == std::string::npos) break;
    begin = dot + 1;
  }
  ClassNode* top = tree_.find({names[0]}, true, tree_.root());
  if (!top || !top->def) {
    diags_.errorf(where, "'{}' names the library '{}', which is not loaded", uri, names[0]);
    return {};
  }
  fs::path directory = fs::path(diags_.sources().path(top->def->range.begin.file)).parent_path();
  for (size_t k = 1; k < names.size(); ++k) directory /= names[k];
  if (slash != std::string::npos) directory /= rest.substr(slash + 1);
  return directory.lexically_normal().string();
}

std::string Flattener::annotationDirectory(const ast::Annotation* annotation, const std::string& name,
                                           ClassNode* cls, const std::string& resources, SourceRange where) {
  const ast::Expr* value = annotationValue(annotation, name);
  if (value && value->kind == ast::ExprKind::String) return resourceDirectory(value->text, value->range);
  ClassNode* top = cls;
  while (top->parent && top->parent != tree_.root()) top = top->parent;
  return resourceDirectory("modelica://" + top->def->name + "/Resources/" + resources, where);
}

void Flattener::addExternalInclude(const ast::ClassDef& def, ClassNode* cls) {
  const ast::Annotation* annotation = def.externalAnnotation.get();
  const ast::Expr* include = annotationValue(annotation, "Include");
  if (!include) return;
  if (include->kind != ast::ExprKind::String) {
    diags_.errorf(include->range, "the Include annotation of '{}' must be a String of C code", def.name);
    return;
  }
  flat::ExternalInclude entry{include->text, annotationDirectory(annotation, "IncludeDirectory", cls, "Include",
                                                                 include->range),
                              include->range};
  auto& list = model_.externalIncludes;
  auto same = [&](const flat::ExternalInclude& other) {
    return other.code == entry.code && other.directory == entry.directory;
  };
  if (std::find_if(list.begin(), list.end(), same) == list.end()) list.push_back(std::move(entry));
}

namespace {

// The C files of a library in a SourceDirectory: <name>.c, or every .c
// file of the directory <name>/ (in name order), relative to `directory`.
std::vector<std::string> sourcesIn(const std::filesystem::path& directory, const std::string& name) {
  namespace fs = std::filesystem;
  std::error_code error;
  if (fs::is_regular_file(directory / (name + ".c"), error)) return {name + ".c"};
  std::vector<std::string> files;
  if (!fs::is_directory(directory / name, error)) return files;
  for (const fs::directory_entry& entry : fs::directory_iterator(directory / name, error))
    if (entry.path().extension() == ".c" && entry.is_regular_file(error))
      files.push_back(name + "/" + entry.path().filename().string());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

std::optional<flat::SourceLibrary> Flattener::sourceLibrary(const std::string& name, const ast::ClassDef& def,
                                                            ClassNode* cls, SourceRange where) {
  namespace fs = std::filesystem;
  const ast::Annotation* annotation = def.externalAnnotation.get();
  std::vector<std::string> includes;
  if (annotationValue(annotation, "IncludeDirectory") || annotationValue(annotation, "Include")) {
    std::string include = annotationDirectory(annotation, "IncludeDirectory", cls, "Include", where);
    std::error_code error;
    if (fs::is_directory(include, error)) includes.push_back(include);
  }
  auto found = [&](const std::string& directory, std::vector<std::string> files) {
    std::error_code error;
    std::string absolute = fs::absolute(directory, error).lexically_normal().string();
    std::vector<std::string> searched = {absolute};
    searched.insert(searched.end(), includes.begin(), includes.end());
    return flat::SourceLibrary{name, absolute, std::move(files), std::move(searched), {}, where};
  };
  // The library's own sources: SourceDirectory (spec 12.9.4), by default
  // modelica://<top-level package>/Resources/Source.
  const std::string sourceDirectory = annotationDirectory(annotation, "SourceDirectory", cls, "Source", where);
  if (!sourceDirectory.empty())
    if (std::vector<std::string> files = sourcesIn(sourceDirectory, name); !files.empty())
      return found(sourceDirectory, std::move(files));
  // A library tools build from the MSL's C sources: next to its headers
  // (the IncludeDirectory), in the top-level package's C-Sources, or the
  // MSL's own, which then serve a user's library that names them too.
  const std::vector<std::string>& files = toolLibrarySources(name);
  if (files.empty()) return std::nullopt;
  std::vector<std::string> candidates = includes;
  candidates.push_back(annotationDirectory(nullptr, "", cls, "C-Sources", where));
  if (tree_.find({"Modelica"}, true, tree_.root()))
    candidates.push_back(resourceDirectory("modelica://Modelica/Resources/C-Sources", where));
  for (const std::string& directory : candidates) {
    std::error_code error;
    auto present = [&](const std::string& file) { return fs::is_regular_file(fs::path(directory) / file, error); };
    if (!directory.empty() && std::all_of(files.begin(), files.end(), present)) return found(directory, files);
  }
  return std::nullopt;
}

namespace {

// A library the system provides as a static archive, with the archives it
// needs in turn (an archive records no dependencies): lib<name>_pic.a,
// Debian's position-independent build where one exists, or lib<name>.a,
// in the platform's library directory. LAPACK (the MSL's Library =
// "lapack") comes from Debian's liblapack-dev and calls BLAS.
std::vector<std::string> systemLibrary(const std::string& name) {
  namespace fs = std::filesystem;
  static const std::map<std::string, std::vector<std::string>> needs = {{"lapack", {"blas"}}};
  auto archiveOf = [](const std::string& library) -> std::string {
    for (const char* directory : {"/usr/lib/x86_64-linux-gnu", "/usr/lib"})
      for (const std::string& file : {"lib" + library + "_pic.a", "lib" + library + ".a"}) {
        std::error_code error;
        const fs::path candidate = fs::path(directory) / file;
        if (fs::is_regular_file(candidate, error)) return fs::canonical(candidate, error).string();
      }
    return "";
  };
  std::vector<std::string> archives;
  const std::string archive = archiveOf(name);
  if (archive.empty()) return archives;
  archives.push_back(archive);
  if (auto it = needs.find(name); it != needs.end())
    for (const std::string& needed : it->second)
      if (std::string other = archiveOf(needed); !other.empty()) archives.push_back(other);
  return archives;
}

}  // namespace

void Flattener::addExternalLibraries(const ast::ClassDef& def, ClassNode* cls, flat::ExternalCall& call) {
  namespace fs = std::filesystem;
  const ast::Annotation* annotation = def.externalAnnotation.get();
  const ast::Expr* libraries = annotationValue(annotation, "Library");
  if (!libraries) return;
  const std::string directory = annotationDirectory(annotation, "LibraryDirectory", cls, "Library", libraries->range);
  if (directory.empty()) return;
  for (const std::string& name : annotationStrings(*libraries)) {
    std::string found;
    for (const fs::path& candidate : {fs::path(directory) / "linux64" / ("lib" + name + ".a"),
                                      fs::path(directory) / ("lib" + name + ".a")}) {
      std::error_code error;
      if (fs::is_regular_file(candidate, error)) {
        found = fs::absolute(candidate, error).lexically_normal().string();
        break;
      }
    }
    if (found.empty()) {
      if (name == "m" || name == "c") continue;
      if (std::optional<flat::SourceLibrary> sources = sourceLibrary(name, def, cls, libraries->range)) {
        auto& list = model_.sourceLibraries;
        auto same = [&](const flat::SourceLibrary& other) {
          return other.name == sources->name && other.directory == sources->directory;
        };
        sources->defines = model_.cDefines;
        if (std::find_if(list.begin(), list.end(), same) == list.end()) list.push_back(std::move(*sources));
        continue;
      }
      if (std::vector<std::string> system = systemLibrary(name); !system.empty()) {
        auto& list = model_.externalLibraries;
        for (const std::string& archive : system)
          if (std::find(list.begin(), list.end(), archive) == list.end()) list.push_back(archive);
        continue;
      }
      call.missingLibraries.push_back({name, directory, libraries->range});
      continue;
    }
    auto& list = model_.externalLibraries;
    if (std::find(list.begin(), list.end(), found) == list.end()) list.push_back(found);
  }
}

}  // namespace smc::flatten
