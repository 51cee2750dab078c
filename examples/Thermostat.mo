model Thermostat "A room heated by an on/off heater with hysteresis between 19 and 21 degrees"
  parameter Real ambient = 10 "temperature the room tends to with the heater off";
  parameter Real heater = 40 "temperature the room tends to with the heater on";
  parameter Real tau = 1 "time constant of the room";
  parameter Real low = 19 "switch on below this";
  parameter Real high = 21 "switch off above this";
  output Real T(start = 15, fixed = true) "room temperature";
  output Boolean heating(start = true, fixed = true) "heater state";
equation
  tau * der(T) = (if heating then heater else ambient) - T;
  when T > high then
    heating = false;
  elsewhen T < low then
    heating = true;
  end when;
  annotation(experiment(StartTime = 0, StopTime = 3, Interval = 0.01, Tolerance = 1e-10));
end Thermostat;
