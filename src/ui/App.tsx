import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { ChoiceScreen } from './screens/ChoiceScreen';

export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/keuze/:filter?" element={<ChoiceScreen />} />
        <Route path="*" element={<Navigate to="/keuze" replace />} />
      </Routes>
    </BrowserRouter>
  );
}
