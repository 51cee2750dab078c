model Thermostat "A room heated with hysteresis, a sampled counter and checks"
  parameter Real Tlow = 19 "switch on below";
  parameter Real Thigh = 21 "switch off above";
  parameter Real period = 0.5;
  Real T(start = 18, fixed = true) "room temperature";
  Boolean heating(start = false, fixed = true);
  discrete Integer ticks(start = 0, fixed = true);
  Integer switches(start = 0, fixed = true);
equation
  der(T) = if heating then 2 - 0.1 * T else -0.1 * T;
  when {T < Tlow, initial()} then
    heating = true;
  elsewhen T > Thigh then
    heating = false;
  end when;
  when sample(0, period) then
    ticks = pre(ticks) + 1;
  end when;
  when change(heating) then
    switches = pre(switches) + 1;
  end when;
  assert(T < 40, "over" + "heated", AssertionLevel.warning);
algorithm
  when T > 30 then
    terminate("too hot");
  end when;
  annotation(experiment(StopTime = 10));
end Thermostat;
