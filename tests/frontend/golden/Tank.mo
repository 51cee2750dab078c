within Examples;
model Tank "A tank with an inflow valve"
  import Modelica.Units.SI;
  parameter SI.Area A = 2 "cross section";
  parameter Real k[2](each min = 0) = {0.5, 1.5};
  input Real u;
  output Real h(start = 1, fixed = true), q;
  Boolean full;
protected
  discrete Integer n(start = 0);
initial equation
  full = false;
equation
  A * der(h) = k[1] * u - q;
  q = if h > 0 then k[end] * sqrt(h) else 0;
  for i in 1:2 loop
    assert(k[i] >= 0, "k must be non-negative");
  end for;
  when h > 3 then
    full = true;
    n = pre(n) + 1;
  elsewhen h < 1 then
    full = false;
    n = pre(n);
  end when;
  annotation(experiment(StopTime = 10));
end Tank;

function clamp "Limit a value"
  input Real x;
  input Real lo = -1;
  input Real hi = 1;
  output Real y;
algorithm
  y := x;
  if x < lo then
    y := lo;
  elseif x > hi then
    y := hi;
  end if;
end clamp;
