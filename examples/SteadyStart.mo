model SteadyStart "A forced first-order lag that starts in steady state: initial equation der(x) = 0"
  parameter Real k = 2 "gain";
  parameter Real u = 3 "constant input";
  parameter Real T = 0.5 "time constant";
  Real x(start = 0) "lag output; its start is only a guess";
  output Real y = x;
equation
  T * der(x) = k * u - x + sin(time);
initial equation
  der(x) = 0;
  annotation(experiment(StartTime = 0, StopTime = 5, Interval = 0.05, Tolerance = 1e-10));
end SteadyStart;
