// A constant reference signal.
model Setpoint
  parameter Real value = 1;
  output Real r;
equation
  r = value;
end Setpoint;
