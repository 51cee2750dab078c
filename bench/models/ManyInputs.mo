model ManyInputs
  "1000 Real inputs each scaled into an output: a large set of Reals that an importer may both set and get, for the cost per value of fmi2SetReal and fmi2GetReal."
  parameter Integer n = 1000;
  parameter Real gain = 2 "output = gain * input";
  input Real u[n](each start = 0);
  output Real y[n];
equation
  y = gain * u;
  annotation(experiment(StartTime = 0, StopTime = 1, Interval = 0.01));
end ManyInputs;
