// dx/dt = gain*u, y = x: no direct feedthrough (y depends on the state only).
model Integrator
  parameter Real gain = 1;
  parameter Real x0 = 0;
  input Real u(start = 0);
  output Real y;
  Real x(start = x0, fixed = true);
equation
  der(x) = gain*u;
  y = x;
end Integrator;
