model Thermostat
  "A sampled on/off controller as a clocked state machine: reads T every 0.1 s, heats below 19 and stops above 21"
  parameter Real low = 19 "switch on below this";
  parameter Real high = 21 "switch off above this";
  input Real T(start = 15) "measured room temperature";
  inner Boolean on(start = true);
  block Heating
    outer output Boolean on;
  equation
    on = true;
  end Heating;
  block Idle
    outer output Boolean on;
  equation
    on = false;
  end Idle;
  Heating heatingState;
  Idle idleState;
  Real measured = sample(T, Clock(1, 10));
  output Boolean heating = hold(on);
equation
  initialState(heatingState);
  transition(heatingState, idleState, measured > high, immediate = false);
  transition(idleState, heatingState, measured < low, immediate = false);
end Thermostat;
