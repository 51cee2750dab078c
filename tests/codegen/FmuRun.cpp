// Implementation of FmuRun (see FmuRun.h). Unknown names and failed calls
// are reported through gtest so that a test fails with a readable message.
#include "FmuRun.h"

#include "CodegenFixture.h"

#include <gtest/gtest.h>
#include <pugixml.hpp>

namespace smc::codegen::testing {

FmuRun::FmuRun(const std::string& fmuPath, const std::string& modelIdentifier,
               const std::string& scratchDirectory, bool loggingOn) {
  const std::string xml = zipEntry(fmuPath, "modelDescription.xml");
  const std::string so = zipEntry(fmuPath, "binaries/linux64/" + modelIdentifier + ".so");
  if (xml.empty() || so.empty()) {
    error_ = "the FMU lacks modelDescription.xml or the shared object";
    return;
  }
  refs_ = valueReferences(xml);
  pugi::xml_document doc;
  doc.load_string(xml.c_str());
  const std::string guid = doc.child("fmiModelDescription").attribute("guid").value();

  fmu_ = std::make_unique<LoadedFmu>(so, scratchDirectory + "/" + modelIdentifier + ".so");
  if (!fmu_->ok()) {
    error_ = "cannot load the shared object: " + fmu_->error();
    return;
  }
  const std::string resources = "file://" + scratchDirectory + "/resources";
  component_ = fmu_->instantiate("test", fmi2CoSimulation, guid.c_str(), resources.c_str(),
                                 testCallbacks(&messages_), fmi2False,
                                 loggingOn ? fmi2True : fmi2False);
  if (!component_) error_ = "fmi2Instantiate failed: " + log();
}

FmuRun::~FmuRun() {
  if (component_) fmu_->freeInstance(component_);
  testCallbacks(nullptr);
}

std::string FmuRun::log() const {
  std::string text;
  for (const std::string& message : messages_) text += message + "\n";
  return text;
}

fmi2Status FmuRun::initialize(double startTime) {
  time_ = startTime;
  fmi2Status status = fmu_->setupExperiment(component_, fmi2False, 0.0, startTime, fmi2False, 0.0);
  if (status != fmi2OK) return status;
  status = fmu_->enterInitializationMode(component_);
  if (status != fmi2OK) return status;
  return fmu_->exitInitializationMode(component_);
}

fmi2Status FmuRun::step(double h) {
  fmi2Status status = fmu_->doStep(component_, time_, h, fmi2True);
  if (status == fmi2OK) time_ += h;
  return status;
}

fmi2ValueReference FmuRun::ref(const std::string& name) {
  auto it = refs_.find(name);
  if (it == refs_.end()) {
    ADD_FAILURE() << "no variable named " << name << " in modelDescription.xml";
    return 0;
  }
  return it->second;
}

double FmuRun::real(const std::string& name) {
  fmi2ValueReference vr = ref(name);
  double value = 0;
  EXPECT_EQ(fmu_->getReal(component_, &vr, 1, &value), fmi2OK) << name << "\n" << log();
  return value;
}

int FmuRun::integer(const std::string& name) {
  fmi2ValueReference vr = ref(name);
  int value = 0;
  EXPECT_EQ(fmu_->getInteger(component_, &vr, 1, &value), fmi2OK) << name << "\n" << log();
  return value;
}

bool FmuRun::boolean(const std::string& name) {
  fmi2ValueReference vr = ref(name);
  fmi2Boolean value = fmi2False;
  EXPECT_EQ(fmu_->getBoolean(component_, &vr, 1, &value), fmi2OK) << name << "\n" << log();
  return value != fmi2False;
}

std::string FmuRun::string(const std::string& name) {
  fmi2ValueReference vr = ref(name);
  fmi2String value = nullptr;
  EXPECT_EQ(fmu_->getString(component_, &vr, 1, &value), fmi2OK) << name << "\n" << log();
  return value != nullptr ? value : "<null>";
}

fmi2Status FmuRun::setReal(const std::string& name, double value) {
  fmi2ValueReference vr = ref(name);
  return fmu_->setReal(component_, &vr, 1, &value);
}

fmi2Status FmuRun::setInteger(const std::string& name, int value) {
  fmi2ValueReference vr = ref(name);
  return fmu_->setInteger(component_, &vr, 1, &value);
}

fmi2Status FmuRun::setString(const std::string& name, const std::string& value) {
  fmi2ValueReference vr = ref(name);
  fmi2String text = value.c_str();
  return fmu_->setString(component_, &vr, 1, &text);
}

std::unique_ptr<FmuRun> FmuFixture::startFmu(const causal::CausalModel& model, const std::string& name) {
  const std::string fmu = build(model);
  if (fmu.empty()) return nullptr;
  auto run = std::make_unique<FmuRun>(fmu, name, scratch.file(""));
  if (!run->error().empty() || run->initialize() != fmi2OK) {
    ADD_FAILURE() << run->error() << run->log();
    return nullptr;
  }
  return run;
}

}  // namespace smc::codegen::testing
