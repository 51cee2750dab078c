// A proportional controller: direct feedthrough from both inputs.
model Controller
  parameter Real K = 2;
  input Real r(start = 0);
  input Real y(start = 0);
  output Real u;
equation
  u = K*(r - y);
end Controller;
