// Integrates its input and fails an assertion once the state passes a
// limit: an FMU that returns fmi2Error in the middle of a run.
model Overheating
  parameter Real limit = 0.5;
  input Real u(start = 1);
  output Real y;
  Real x(start = 0, fixed = true);
equation
  der(x) = u;
  y = x;
  assert(x < limit, "temperature above the limit");
end Overheating;
