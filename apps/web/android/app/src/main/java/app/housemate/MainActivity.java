package app.housemate;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
