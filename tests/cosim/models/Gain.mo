// y = k*u: direct feedthrough, so two of these in a ring are an algebraic loop.
model Gain
  parameter Real k = 0.5;
  input Real u(start = 0);
  output Real y;
equation
  y = k*u;
end Gain;
